import { Link } from 'react-router'
import { SectionLink } from '#app/components/section-link'
import { inlineLinks } from '#app/catalogue/inline-links'

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-800'

/** One paragraph or bullet of written content, its [words](/path) links made real links. */
function RichText({ text }: { text: string }) {
  return inlineLinks(text).map((part, index) => {
    if (typeof part === 'string') return part
    // A home page section (/#contact) goes there the way every section link does.
    const section = part.href.startsWith('/#') ? part.href.slice(2) : null
    return section ? (
      <SectionLink key={index} section={section} className={linkClass}>
        {part.text}
      </SectionLink>
    ) : (
      <Link key={index} to={part.href} className={linkClass}>
        {part.text}
      </Link>
    )
  })
}

/** The body of a written section (articles, legal pages): paragraphs, then an optional bullet list. */
export function SectionText({ paragraphs, bullets, roomy = false }: { paragraphs: string[]; bullets?: string[]; roomy?: boolean }) {
  return (
    <>
      <div className={roomy ? 'space-y-4' : 'mt-3 space-y-3'}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>
            <RichText text={paragraph} />
          </p>
        ))}
      </div>
      {bullets ? (
        <ul className={`list-disc pl-6 ${roomy ? 'mt-4 space-y-2' : 'mt-3 space-y-1'}`}>
          {bullets.map((bullet) => (
            <li key={bullet}>
              <RichText text={bullet} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
