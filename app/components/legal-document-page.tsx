import { ADDRESS_LINES, BUSINESS } from '#app/domain/business'
import type { LegalDocument } from '#app/catalogue/legal'
import { SectionText } from '#app/components/ui/section-text'

/** The three legal pages share one layout: title, last-updated date, contents, numbered sections. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <main id="main" className="bg-white pt-32 pb-20">
      <article className="mx-auto max-w-3xl px-4">
        <h1 className="text-4xl font-extrabold tracking-tight text-navy">{document.title}</h1>
        <p className="mt-3 text-slate-600">Last updated {document.lastUpdated}</p>
        <p className="mt-6 text-lg text-slate-700">{document.description}</p>
        <nav aria-label="Contents" className="mt-8 rounded-xl bg-slate-50 p-6">
          <h2 className="text-sm font-semibold tracking-wider text-slate-700 uppercase">Contents</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-brand-700">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-10 space-y-10 leading-7 text-slate-700">
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-navy">
                {index + 1}. {section.heading}
              </h2>
              <SectionText paragraphs={section.paragraphs} bullets={section.bullets} />
            </section>
          ))}
        </div>
        <address className="mt-12 rounded-xl border border-slate-200 p-6 text-slate-700 not-italic">
          <p className="font-semibold text-navy">{BUSINESS.name}</p>
          <p>{ADDRESS_LINES.join(', ')}</p>
          <p>
            <a href={BUSINESS.phone.href} className="text-brand-700 hover:underline">
              {BUSINESS.phone.display}
            </a>{' '}
            ·{' '}
            <a href={`mailto:${BUSINESS.email}`} className="text-brand-700 hover:underline">
              {BUSINESS.email}
            </a>
          </p>
          <p>Support hours: {BUSINESS.hours.weekdays}</p>
        </address>
      </article>
    </main>
  )
}
