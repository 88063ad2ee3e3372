import { type ReactNode, Suspense, use, useEffect, useRef, useState } from 'react'
import { useFetchers, useLocation, useNavigation, useRevalidator } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'

// Hydrating a part of the page far below the first screen costs the phone's main thread at load
// for something the visitor may never reach. Here React keeps that part exactly as the server
// rendered it (a suspended Suspense boundary stays dehydrated) until it comes within a margin of
// the viewport, and hydrates it then. Until then it is the no-JavaScript page, which works: forms
// post, links navigate. Rendered in the browser after the first load (a client navigation), it
// renders at once like anything else.
//
// React applies no update to a part it has not hydrated: any change of the router's state reaches
// it, and a transition (all router updates are) waits until it has hydrated. So the gate also opens
// when the router starts work that this page must show while it stays (a fetcher, a revalidation,
// a navigation within the page); kept shut, it held those until the visitor scrolled here.

type Gate = { isOpen: boolean; opened: Promise<void>; open: () => void }

function createGate(): Gate {
  let resolve = () => {}
  const gate: Gate = {
    isOpen: false,
    opened: new Promise<void>((done) => (resolve = done)),
    open: () => {
      gate.isOpen = true
      resolve()
    },
  }
  return gate
}

/** Suspends while this is the first hydration and the gate is shut; renders the children otherwise. */
function HydrationGate({ gate, children }: { gate: Gate; children: ReactNode }) {
  // During hydration useHydrated gives the server's answer (false); on the server nothing waits.
  const hydrating = !useHydrated() && typeof document !== 'undefined'
  if (hydrating && !gate.isOpen) use(gate.opened)
  return children
}

/** Whether a fetcher, a revalidation or a navigation to this same page is under way. */
function useRouterWorkOnThisPage() {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const fetchers = useFetchers()
  return fetchers.some((fetcher) => fetcher.state !== 'idle') || revalidator.state !== 'idle' || navigation.location?.pathname === pathname
}

/** Children hydrated when they come within `margin` of the viewport, or when the page updates. */
export function HydrateWhenNear({ children, margin = '400px' }: { children: ReactNode; margin?: string }) {
  const [gate] = useState(createGate)
  const box = useRef<HTMLDivElement>(null)
  if (useRouterWorkOnThisPage()) gate.open()
  useEffect(() => {
    const element = box.current
    if (!element || typeof IntersectionObserver === 'undefined') return gate.open()
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        gate.open()
      },
      { rootMargin: `${margin} 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [gate, margin])
  return (
    <div ref={box}>
      <Suspense fallback={null}>
        <HydrationGate gate={gate}>{children}</HydrationGate>
      </Suspense>
    </div>
  )
}
