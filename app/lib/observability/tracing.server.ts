import { maskPersonalData } from './personal-data'

// The app's side of OpenTelemetry. tracing.ts (beside server.ts) is loaded only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set and leaves its helpers on a global; without it, every function
// here is a plain call and no OpenTelemetry code is loaded at all.

export type SpanAttributes = Record<string, string | number | boolean>
export type TracedError = { type: string; message: string; stack?: string }

/** What tracing.ts provides (it imports this type; nothing else crosses). */
export type Tracing = {
  /** The span of the work under way (a request's server span inside the request log), if any. */
  currentSpan(): unknown
  /** Names a request's server span after its route (`GET /news/:slug`), never the raw path. */
  nameRequest(span: unknown, route: string): void
  /** Records an error on the current span (or on a span of its own outside any), already masked. */
  recordError(error: TracedError): void
  /** Runs `work` in a span of its own: an SMTP send, a background job. */
  inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T>
  /** Sends the spans still held (at shutdown). */
  flush(): Promise<void>
}

export const TRACING_KEY = Symbol.for('roswell-it.tracing')

function tracing(): Tracing | undefined {
  return (globalThis as { [TRACING_KEY]?: Tracing })[TRACING_KEY]
}

export function currentSpan(): unknown {
  return tracing()?.currentSpan()
}

export function nameRequestSpan(span: unknown, route: string) {
  if (span) tracing()?.nameRequest(span, route)
}

/** An error as traces show it: kind, and message and stack through the personal-data mask. */
export function tracedError(error: unknown): TracedError {
  if (!(error instanceof Error)) return { type: 'Error', message: maskPersonalData(String(error)) }
  return { type: error.name, message: maskPersonalData(error.message), ...(error.stack ? { stack: maskPersonalData(error.stack) } : {}) }
}

export function recordError(error: unknown) {
  tracing()?.recordError(tracedError(error))
}

/** Runs `work` in a span of its own (when tracing); an error it throws is recorded there. */
export function inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T> {
  const active = tracing()
  if (!active) return work()
  return active.inSpan(name, attributes, async () => {
    try {
      return await work()
    } catch (error) {
      active.recordError(tracedError(error))
      throw error
    }
  })
}

export async function flushTracing() {
  await tracing()?.flush()
}
