import { createContext, type ReactNode, use, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { scrollToSection } from '#app/components/section-link'
import { isCheckoutPath } from '#app/domain/site-paths'

// Hydrating a page makes React walk every element the server sent, on the phone's main thread,
// although most of the home page never changes once it is there. A static island is left exactly
// as the server rendered it when the page first hydrates: it hands React the server's HTML as
// dangerouslySetInnerHTML, and React does not descend into such an element. Should React ever
// render it afresh instead (a hydration mismatch above it), that same HTML is what it writes.
// Links inside islands get their client-side behaviour from one listener on the document
// (useStaticIslandLinks) instead of one handler each.

let firstHydrationDone = false

/**
 * What a static island shows, as its loader hands it over (server/island-data.server.ts): a key,
 * the same for the same data, and the data itself only when the browser may have to render the
 * island (a data request: client-side navigation or revalidation). A document brings its islands
 * as HTML, so their data stays on the server instead of travelling in the page a second time.
 */
export type IslandData<T> = { key: string; value?: T }

/** On the server: this request's island data that stayed on the server, by key (entry.server.tsx). */
export const IslandValuesContext = createContext<ReadonlyMap<string, unknown> | null>(null)

/**
 * On the server (production): islands' HTML kept from earlier renders (server/static-island-html.server.ts).
 * `lookup` answers an island's inner HTML for its data on this page, or undefined: the island is then
 * rendered as usual and its HTML kept once the page is complete.
 */
export type StaticIslandHtml = { lookup: (id: string, dataKey: string) => string | undefined }
export const StaticIslandHtmlContext = createContext<StaticIslandHtml | null>(null)

/** In the browser: the HTML each island came with in the document, by id and data key. */
const documentHtml = new Map<string, string>()
const documentHtmlKey = (id: string, dataKey: string) => `${id}\0${dataKey}`

/**
 * During the first hydration: keeps the island's HTML from the document and answers true, so the
 * island hands React that same HTML.
 */
function adoptServerHtml(id: string, dataKey: string): boolean {
  if (typeof document === 'undefined' || firstHydrationDone) return false
  const element = document.getElementById(id)
  if (!element) return false
  // Read once: serialising a large island's DOM is itself work on the phone's main thread.
  documentHtml.set(documentHtmlKey(id, dataKey), element.innerHTML)
  return true
}

type StaticIslandProps<T> =
  { id: string; data?: undefined; children: ReactNode } | { id: string; data: IslandData<T>; children: (value: T) => ReactNode }

/**
 * Content that does not change in the browser. `data` is what it shows from the loader, and
 * `children` then renders it: if a revalidation brings different data, the island renders it as
 * usual from then on.
 */
export function StaticIsland<T>(props: StaticIslandProps<T>) {
  const { id } = props
  const dataKey = props.data?.key ?? ''
  // The data key the island was hydrated with, when it adopted the document's HTML.
  const [adoptedKey] = useState(() => (adoptServerHtml(id, dataKey) ? dataKey : null))
  const serverValues = use(IslandValuesContext)
  // On the server, what it rendered for the same data before; in the browser, the document's HTML
  // while the data is the same as at hydration.
  const html =
    use(StaticIslandHtmlContext)?.lookup(id, dataKey) ??
    (adoptedKey === dataKey ? documentHtml.get(documentHtmlKey(id, dataKey)) : undefined)
  if (html !== undefined) return <IslandElement id={id} html={html} />
  if (props.data === undefined) return <IslandElement id={id}>{props.children}</IslandElement>
  const value = props.data.value ?? (serverValues?.get(dataKey) as T | undefined)
  if (value !== undefined) return <IslandElement id={id}>{props.children(value)}</IslandElement>
  // Mounted again in the browser with the document's loader data, which carried only the key:
  // the same key is the same data, so the HTML the document brought is what it renders.
  const fromDocument = documentHtml.get(documentHtmlKey(id, dataKey))
  if (fromDocument === undefined) throw new Error(`The static island ${id} has neither its data nor its HTML`)
  return <IslandElement id={id} html={fromDocument} />
}

/** An island's element: React does not descend into HTML handed over as it is. */
function IslandElement({ id, html, children }: { id: string; html?: string; children?: ReactNode }) {
  return html === undefined ? (
    <div id={id} data-static-island="" className="contents">
      {children}
    </div>
  ) : (
    <div id={id} data-static-island="" className="contents" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
  )
}

/**
 * Content the browser hydrates as usual, but whose server HTML is the same for the same `data` on
 * the same path: the server renders it once and writes that HTML from memory into later renders,
 * as it does a static island's. The browser cannot tell: React hydrates against the DOM, not
 * against how the server made it. `renderAfresh` is for content that shows something of one
 * visitor (a form's submitted values): it is rendered as usual and never kept.
 */
export function ServerRenderedOnce({
  id,
  data,
  renderAfresh = false,
  children,
}: {
  id: string
  data?: unknown
  renderAfresh?: boolean
  children: ReactNode
}) {
  const islands = use(StaticIslandHtmlContext)
  const renderedBefore = renderAfresh ? undefined : islands?.lookup(id, JSON.stringify(data ?? null))
  if (renderedBefore !== undefined) {
    return <div id={id} className="contents" dangerouslySetInnerHTML={{ __html: renderedBefore }} />
  }
  return (
    <div id={id} className="contents">
      {children}
    </div>
  )
}

/**
 * In the root: marks the end of the first hydration (islands mounted later render as usual) and
 * gives the links inside islands what React Router's <Link> and our <SectionLink> give theirs:
 * a link to a home page section scrolls smoothly when already on the home page, and a
 * <Link> (marked data-discover by React Router) navigates client-side. Plain anchors, such as the
 * pricing cards' full page loads of checkout, stay plain.
 */
export function useStaticIslandLinks() {
  const navigate = useNavigate()
  useEffect(() => {
    firstHydrationDone = true
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = (event.target as Element | null)?.closest?.('[data-static-island] a[href]')
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin || isCheckoutPath(window.location.pathname)) return
      if (url.pathname === '/' && url.hash && window.location.pathname === '/') {
        if (scrollToSection(url.hash.slice(1))) event.preventDefault()
        return
      }
      if (url.pathname === '/' && url.hash) {
        // As SectionLink does from another page: to the home page, which then scrolls to the section.
        event.preventDefault()
        void navigate('/', { state: { scrollToSection: url.hash.slice(1) }, preventScrollReset: true })
        return
      }
      if (!anchor.hasAttribute('data-discover')) return
      event.preventDefault()
      void navigate(`${url.pathname}${url.search}${url.hash}`)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
