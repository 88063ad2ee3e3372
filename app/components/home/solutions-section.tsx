import type { SolutionSummary } from '#app/catalogue/catalogue.server'
import type { ListState } from '#app/domain/list-state'
import { CatalogueCardImage, LearnMoreLink } from './catalogue-card'
import { ListError, SectionHeading } from './section-heading'
import { FeatureList } from '#app/components/ui/feature-list'

// SPEC §2: four industries get their own colour theme; any other uses the default one.
const INDUSTRY_THEMES: Record<string, { badge: string; accent: string }> = {
  healthcare: { badge: 'bg-emerald-100 text-emerald-800', accent: 'border-t-emerald-600' },
  finance: { badge: 'bg-blue-100 text-blue-800', accent: 'border-t-blue-600' },
  legal: { badge: 'bg-violet-100 text-violet-800', accent: 'border-t-violet-600' },
  manufacturing: { badge: 'bg-amber-100 text-amber-900', accent: 'border-t-amber-600' },
}
const DEFAULT_THEME = { badge: 'bg-slate-200 text-slate-800', accent: 'border-t-slate-500' }

export function industryTheme(industry: string) {
  return INDUSTRY_THEMES[industry.trim().toLowerCase()] ?? DEFAULT_THEME
}

function SolutionCard({ solution }: { solution: SolutionSummary }) {
  const theme = industryTheme(solution.industry)
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-xl border border-t-4 border-slate-200 bg-white shadow-sm ${theme.accent}`}
      data-industry={solution.industry}
    >
      <CatalogueCardImage image={solution.image} />
      <div className="flex flex-1 flex-col p-6">
        <span className={`self-start rounded-full px-3 py-1 text-xs font-semibold ${theme.badge}`}>{solution.industry}</span>
        <h3 className="mt-3 text-xl font-semibold text-navy">{solution.name}</h3>
        <p className="mt-2 text-slate-600">{solution.description}</p>
        <FeatureList features={solution.features} className="mt-4 flex-1 space-y-1 text-slate-700" />
        <LearnMoreLink section="contact" about={solution.name} className="mt-5" />
      </div>
    </li>
  )
}

export function SolutionsSection({ solutions }: { solutions: ListState<SolutionSummary> }) {
  return (
    <section id="solutions" aria-labelledby="solutions-heading" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="solutions-heading" eyebrow="Solutions" title="Built for your industry">
          Regulated and fast-moving industries need more than generic IT. These packages start from what your sector requires.
        </SectionHeading>
        {!solutions.ok ? (
          <ListError>Error loading solutions. Please try again later.</ListError>
        ) : (
          <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {solutions.items.map((solution) => (
              <SolutionCard key={solution.id} solution={solution} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
