import { type ReactNode, Suspense, use, useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

// Hydrating a part of the page far below the first screen costs the phone's main thread at load
// for something the visitor may never reach. Here React keeps that part exactly as the server
// rendered it (a suspended Suspense boundary stays dehydrated) until it comes within a margin of
// the viewport, and hydrates it then. Until then it is the no-JavaScript page, which works: forms
// post, links navigate. Rendered in the browser after the first load (a client navigation), it
// renders at once like anything else.

type Gate = { opened: Promise<void>; open: () => void }

function createGate(): Gate {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** Suspends while this is the first hydration and the gate is shut; renders the children otherwise. */
function HydrationGate({ gate, children }: { gate: Gate; children: ReactNode }) {
  // During hydration useHydrated gives the server's answer (false); on the server nothing waits.
  const hydrating = !useHydrated() && typeof document !== 'undefined'
  if (hydrating) use(gate.opened)
  return children
}

/** Children hydrated when they come within `margin` of the viewport (at once where that cannot be watched). */
export function HydrateWhenNear({ children, margin = '400px' }: { children: ReactNode; margin?: string }) {
  const [gate] = useState(createGate)
  const box = useRef<HTMLDivElement>(null)
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
