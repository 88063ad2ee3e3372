/** The body of a written section (articles, legal pages): paragraphs, then an optional bullet list. */
export function SectionText({ paragraphs, bullets, roomy = false }: { paragraphs: string[]; bullets?: string[]; roomy?: boolean }) {
  return (
    <>
      <div className={roomy ? 'space-y-4' : 'mt-3 space-y-3'}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {bullets ? (
        <ul className={`list-disc pl-6 ${roomy ? 'mt-4 space-y-2' : 'mt-3 space-y-1'}`}>
          {bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
