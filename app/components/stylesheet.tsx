import { createContext, use } from 'react'
import stylesheetHref from '#app/app.css?url'

export { stylesheetHref }

/** The stylesheet's text: provided by entry.server.tsx while it renders a production page. */
export const InlineStylesheetContext = createContext<string | null>(null)

/**
 * The site's one stylesheet. In production its text is written into the document (about 9 KB
 * gzipped): a phone then paints as soon as the HTML arrives instead of waiting one more round
 * trip for a render-blocking file, and client-side navigations never fetch it at all. In
 * development it stays a link, so Vite can hot-reload it.
 */
export function Stylesheet() {
  const inlineText = use(InlineStylesheetContext)
  if (!import.meta.env.PROD) return <link rel="stylesheet" href={stylesheetHref} precedence="default" />
  // The browser renders the server's text. Hydration leaves a <style>'s content alone, and the
  // client never re-renders it with a new value, so the empty string below never replaces it.
  return <style data-href={stylesheetHref} dangerouslySetInnerHTML={{ __html: inlineText ?? '' }} suppressHydrationWarning />
}
