import { createContext, use } from 'react'
import type { LinkDescriptor } from 'react-router'
import publicStylesheetHref from '#app/styles/public.css?url'
import staffStylesheetHref from '#app/styles/staff.css?url'

export { publicStylesheetHref, staffStylesheetHref }

/** The public stylesheet's text: provided by entry.server.tsx while it renders a production page. */
export const InlineStylesheetContext = createContext<string | null>(null)

/**
 * The public pages' stylesheet. In production its text is written into the document (about 9 KB
 * gzipped): a phone then paints as soon as the HTML arrives instead of waiting one more round
 * trip for a render-blocking file, and client-side navigations never fetch it at all. In
 * development it stays a link, so Vite can hot-reload it.
 */
export function Stylesheet() {
  const inlineText = use(InlineStylesheetContext)
  if (!import.meta.env.PROD) return <link rel="stylesheet" href={publicStylesheetHref} precedence="default" />
  const text = typeof document === 'undefined' ? inlineText : textFromDocument()
  return <style data-href={publicStylesheetHref} dangerouslySetInnerHTML={{ __html: text ?? '' }} suppressHydrationWarning />
}

let keptText: string | null = null

/**
 * In the browser: the text the server wrote, read from the document once, when the page
 * hydrates. Leaving an error page (the 404's way home, say) mounts the page frame anew, and the
 * new <style> must carry the same text, or the site loses every style.
 */
function textFromDocument() {
  keptText ??= document.querySelector(`style[data-href="${publicStylesheetHref}"]`)?.textContent ?? null
  return keptText
}

/**
 * The staff console's stylesheet, for the `links` of every route that renders staff components.
 * It comes after the inline public sheet in the head (<Links /> follows <Stylesheet />), and React
 * Router loads it before a client-side navigation into the console shows the page.
 */
export function staffStylesheetLinks(): LinkDescriptor[] {
  return [{ rel: 'stylesheet', href: staffStylesheetHref }]
}
