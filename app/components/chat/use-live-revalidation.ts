import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'

/**
 * Reloads the page's data whenever an event arrives on the stream at `url` (the staff chat pages
 * and /chat): the loader stays the one source of what is shown, the stream only says when to ask.
 * Several events in a burst cause one reload. `onEvent` sees each event's data first.
 */
export function useLiveRevalidation(url: string | null, onEvent?: (data: unknown) => void) {
  const revalidator = useRevalidator()
  const latest = useRef({ revalidator, onEvent, url })
  latest.current = { revalidator, onEvent, url }
  const enabled = url !== null

  useEffect(() => {
    if (!enabled || !latest.current.url) return
    const source = new EventSource(latest.current.url)
    let timer: ReturnType<typeof setTimeout> | undefined
    source.addEventListener('message', (event) => {
      try {
        latest.current.onEvent?.(JSON.parse(event.data as string))
      } catch {
        // a malformed event only skips the callback; the reload below still happens
      }
      clearTimeout(timer)
      timer = setTimeout(() => void latest.current.revalidator.revalidate(), 100)
    })
    return () => {
      clearTimeout(timer)
      source.close()
    }
  }, [enabled])
}
