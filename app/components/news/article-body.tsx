import { SectionText } from '#app/components/ui/section-text'
import type { NewsSection } from '#app/content/news'

/** An article's sections: optional h2, paragraphs, then an optional bullet list. */
export function ArticleBody({ sections }: { sections: NewsSection[] }) {
  return (
    <div className="space-y-8 text-lg leading-8 text-slate-700">
      {sections.map((section, index) => (
        <section key={section.heading ?? index}>
          {section.heading ? <h2 className="mb-3 text-2xl font-bold text-navy">{section.heading}</h2> : null}
          <SectionText paragraphs={section.paragraphs} bullets={section.bullets} roomy />
        </section>
      ))}
    </div>
  )
}
