// Server-Sent Events (text/event-stream) as a web Response that React Router's Express adapter
// streams: it flushes after every chunk. `Cache-Control: no-transform` keeps the compression
// middleware out entirely, so nothing waits in a gzip buffer and no stream holds a zlib context
// (about 300 KB each); the page cache and the body limits never see a GET like this.

const encoder = new TextEncoder()

export type EventStreamConnection = {
  /** One event: `event:` name, `data:` JSON, optional `id:` for Last-Event-ID. */
  send: (event: string, data: unknown, id?: string | number) => void
  /** A comment line: keeps proxies and browsers from timing the connection out. */
  heartbeat: () => void
  /** Ends the stream; `retryMs` tells the browser how soon to reconnect. */
  close: (retryMs?: number) => void
  readonly closed: boolean
}

/** Every open stream of this process, for heartbeats and for shutdown. */
const openStreams = new Set<EventStreamConnection>()

export function openStreamCount() {
  return openStreams.size
}

/** Ends every open stream (at shutdown, after the drain): browsers reconnect, to another instance. */
export function closeAllEventStreams() {
  for (const stream of [...openStreams]) stream.close(1000 + Math.floor(Math.random() * 4000))
}

export function heartbeatAllEventStreams() {
  for (const stream of openStreams) stream.heartbeat()
}

const HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
}

/**
 * A streaming response. `start` runs once the stream exists and returns what to do when it ends,
 * whether the browser went away (the request's signal), the server ended it or shutdown closed it.
 */
export function eventStreamResponse(
  request: Request,
  start: (connection: EventStreamConnection) => (() => void) | void,
  { retryMs = 3000 }: { retryMs?: number } = {},
): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let onEnd: (() => void) | void
  let closed = false

  const write = (text: string) => {
    if (closed) return
    try {
      controller.enqueue(encoder.encode(text))
    } catch {
      end()
    }
  }
  function end() {
    if (closed) return
    closed = true
    openStreams.delete(connection)
    request.signal.removeEventListener('abort', end)
    try {
      controller.close()
    } catch {
      // already closed by the reader going away
    }
    onEnd?.()
  }
  const connection: EventStreamConnection = {
    send(event, data, id) {
      write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`)
    },
    heartbeat: () => write(': ping\n\n'),
    close(retry) {
      if (retry !== undefined) write(`retry: ${retry}\n\n`)
      end()
    },
    get closed() {
      return closed
    },
  }

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
      openStreams.add(connection)
      // The first bytes tell the browser how long to wait before reconnecting after a drop.
      write(`retry: ${retryMs}\n\n`)
      request.signal.addEventListener('abort', end)
      onEnd = start(connection)
      if (request.signal.aborted) end()
    },
    cancel: end,
  })
  return new Response(body, { headers: HEADERS })
}
