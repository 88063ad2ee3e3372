import { type ReactNode, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { scrollToSection } from '#app/components/section-link'
import { isCheckoutPath } from '#app/domain/site-paths'

// What stays of the islands (docs/decisions/003-islands.md): in the browser only.
// Hydrating a page makes React walk every element the server sent, on the phone's main thread,
// although most of the home page never changes once it is there. A static island is left exactly
// as the server rendered it when the page first hydrates: it hands React the document's HTML as
// dangerouslySetInnerHTML, and React does not descend into such an element. The server renders
// islands as any other element. Links inside islands get their client-side behaviour from one
// listener on the document (useStaticIslandLinks) instead of one handler each.

let firstHydrationDone = false

/** During the first hydration: the island's HTML from the document (read once), with the data it showed. */
function adoptDocumentHtml(id: string, data: unknown): { html: string; data: unknown } | null {
  if (typeof document === 'undefined' || firstHydrationDone) return null
  const element = document.getElementById(id)
  return element ? { html: element.innerHTML, data } : null
}

/**
 * Content that does not change in the browser. `data` is the loader data it shows: when a
 * revalidation brings other data (another object), or the island mounts after the first
 * hydration, `children` renders as usual.
 */
export function StaticIsland({ id, data, children }: { id: string; data?: unknown; children: ReactNode }) {
  const [adopted] = useState(() => adoptDocumentHtml(id, data))
  return adopted && adopted.data === data ? (
    <div id={id} data-static-island="" className="contents" dangerouslySetInnerHTML={{ __html: adopted.html }} suppressHydrationWarning />
  ) : (
    <div id={id} data-static-island="" className="contents">
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
