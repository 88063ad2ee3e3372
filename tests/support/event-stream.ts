// A Server-Sent Events client for tests: reads a text/event-stream answer as it arrives (fetch,
// which asks for gzip and br like a browser, so a compression buffer in the way would show) and
// hands out its events one by one.

export type ServerSentEvent = { event: string; data: string; id?: string; receivedAt: number }

export type EventStreamClient = {
  response: Response
  /** The next event (of a name, if given) within `timeoutMs`, or a rejection. */
  next: (name?: string, timeoutMs?: number) => Promise<ServerSentEvent & { json: () => unknown }>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  /** Every comment line (heartbeats) and `retry:` value seen so far. */
  comments: string[]
  retries: number[]
  close: () => void
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const abort = new AbortController()
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal })
  const queue: ServerSentEvent[] = []
  const waiting: (() => void)[] = []
  const comments: string[] = []
  const retries: number[] = []
  let endedResolve!: () => void
  const ended = new Promise<void>((resolve) => (endedResolve = resolve))
  let finished = false

  void (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let boundary: number
        while ((boundary = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, boundary)
          buffer = buffer.slice(boundary + 2)
          const event: ServerSentEvent = { event: 'message', data: '', receivedAt: Date.now() }
          let hasData = false
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('retry: ')) retries.push(Number(line.slice(7)))
            else if (line.startsWith('event: ')) event.event = line.slice(7)
            else if (line.startsWith('id: ')) event.id = line.slice(4)
            else if (line.startsWith('data: ')) {
              event.data += (hasData ? '\n' : '') + line.slice(6)
              hasData = true
            }
          }
          if (hasData) {
            queue.push(event)
            waiting.splice(0).forEach((wake) => wake())
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true
      endedResolve()
      waiting.splice(0).forEach((wake) => wake())
    }
  })()

  async function next(name?: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = queue.findIndex((event) => !name || event.event === name)
      if (index !== -1) {
        const [event] = queue.splice(index, 1)
        return { ...event!, json: () => JSON.parse(event!.data) as unknown }
      }
      if (finished) throw new Error(`the stream ended before a ${name ?? 'any'} event`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no ${name ?? 'any'} event within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  return { response, next, ended, comments, retries, close: () => abort.abort() }
}
