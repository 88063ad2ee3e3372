import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

export type LiveConnection = 'idle' | 'live' | 'reconnecting'

/**
 * Reloads data whenever an event arrives on the stream at `url` (the staff chat pages, /chat and
 * the chat widget): the loader stays the one source of what is shown, the stream only says when to
 * ask. Several events in a burst cause one reload. By default the page's loaders reload; the widget
 * passes its own `revalidate`. EventSource reconnects by itself after a dropped connection; when
 * the server refuses (503 while the database is away) this opens a new one after a growing pause,
 * and reloads once it is back, for whatever happened meanwhile.
 */
export function useLiveRevalidation(
  url: string | null,
  { revalidate, events = ['message'] }: { revalidate?: () => unknown; events?: readonly string[] } = {},
): LiveConnection {
  const revalidator = useRevalidator()
  const latest = useRef({ url, reload: revalidate ?? (() => revalidator.revalidate()) })
  latest.current = { url, reload: revalidate ?? (() => revalidator.revalidate()) }
  const [connection, setConnection] = useState<LiveConnection>('idle')
  const enabled = url !== null
  const eventNames = events.join(' ')

  useEffect(() => {
    if (!enabled) return
    let source: EventSource | undefined
    let reloadTimer: ReturnType<typeof setTimeout> | undefined
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let dropped = false
    const reload = () => {
      clearTimeout(reloadTimer)
      reloadTimer = setTimeout(() => void latest.current.reload(), 100)
    }
    const connect = () => {
      if (!latest.current.url) return
      const current = new EventSource(latest.current.url)
      source = current
      current.addEventListener('open', () => {
        failures = 0
        setConnection('live')
        if (dropped) reload()
        dropped = false
      })
      for (const name of eventNames.split(' ')) current.addEventListener(name, reload)
      current.addEventListener('error', () => {
        dropped = true
        setConnection('reconnecting')
        if (current.readyState !== EventSource.CLOSED) return
        failures += 1
        retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)))
      })
    }
    connect()
    return () => {
      clearTimeout(reloadTimer)
      clearTimeout(retryTimer)
      source?.close()
      setConnection('idle')
    }
  }, [enabled, eventNames])

  return connection
}
