/**
 * An article's body: HTML the server rendered from the article's Markdown (content/markdown.server.ts,
 * where raw HTML is off and every address is checked), styled here.
 */
export function ArticleBody({ html }: { html: string }) {
  return (
    <div
      className="space-y-4 text-lg leading-8 text-slate-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-navy [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-navy [&_img]:rounded-xl [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
