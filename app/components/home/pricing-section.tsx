import { SectionLink } from '#app/components/section-link'
import { Badge } from '#app/components/ui/badge'
import { buttonClasses } from '#app/components/ui/button'
import type { PlanSummary } from '#app/catalogue/catalogue.server'
import type { ListState } from '#app/domain/list-state'
import { ListError, SectionHeading } from './section-heading'
import { FeatureList } from '#app/components/ui/feature-list'
import { formatDollars } from '#app/domain/pricing'

/** SPEC §2: the price element's id is the lower-cased plan name plus '-price'. */
export function priceElementId(planName: string) {
  return `${planName.toLowerCase()}-price`
}

function PlanCard({ plan }: { plan: PlanSummary }) {
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-8 ${plan.popular ? 'z-10 border-brand-600 shadow-xl ring-2 ring-brand-600 md:-translate-y-4' : 'border-slate-200 shadow-sm'}`}
      data-popular={plan.popular}
    >
      {plan.popular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge> : null}
      <h3 className="text-xl font-bold text-navy">{plan.name}</h3>
      <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
      <p id={priceElementId(plan.name)} className="mt-6 text-slate-700">
        <span className="text-4xl font-extrabold text-navy">{formatDollars(plan.price)}</span> per month
      </p>
      <FeatureList features={plan.features} className="mt-6 flex-1 space-y-2 text-slate-700" />
      {/* A plain link: a full page load of checkout with the plan chosen (SPEC §2). */}
      <a href={`/checkout?plan=${plan.id}`} className={buttonClasses(plan.popular ? 'primary' : 'outline', 'mt-8 w-full')}>
        Get Started<span className="sr-only"> with {plan.name}</span>
      </a>
    </li>
  )
}

export function PricingSection({ plans }: { plans: ListState<PlanSummary> }) {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="pricing-heading" eyebrow="Pricing" title="Simple, transparent plans">
          Monthly Billing
        </SectionHeading>
        {/* SPEC §2: no billing toggle; the hidden area and target remain for compatibility. */}
        <div id="billing-toggle" hidden />
        <div id="pricing-target" hidden />
        {!plans.ok ? (
          <ListError>Error loading pricing plans. Please try again later.</ListError>
        ) : (
          <ul className="mt-14 grid gap-8 md:grid-cols-3">
            {plans.items.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        )}
        <div className="mx-auto mt-14 max-w-3xl rounded-2xl bg-brand-50 p-8 text-center">
          <h3 className="text-xl font-semibold text-navy">Need a custom solution?</h3>
          <p className="mt-2 text-slate-700">
            Multiple locations, dealership systems or special compliance needs? We will build a plan around them.
          </p>
          <SectionLink section="contact" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
            Contact our solutions team
          </SectionLink>
        </div>
      </div>
    </section>
  )
}
