// OpenTelemetry tracing, loaded by server.ts before the app, and only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set. It traces requests (named after their route), database
// commands (values replaced by `?`), outgoing HTTP (Stripe) and fetch (Teams), and the spans the app
// opens itself (SMTP sends, background jobs); errors the app logs are recorded on the span they
// happened in. Exporter, protocol, sampler and resource follow the standard OTEL_* variables.
import { readFileSync } from 'node:fs'
import { register } from 'node:module'
import { api, NodeSDK, resources } from '@opentelemetry/sdk-node'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb'
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici'
import type { SpanAttributes, Tracing } from './app/lib/observability/tracing.server.ts'

const { SpanKind, SpanStatusCode, trace } = api

// The app is ESM: the modules instrumented here are hooked as the app imports them (what they
// require() is hooked by the SDK itself). Only these: wrapping every module costs start-up time.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
  data: { include: ['http', 'https', 'node:http', 'node:https', 'mongodb', 'mongoose'] },
})

// Probes, scrapes and hashed assets would drown the traces that matter.
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/livez', '/metrics'])
const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0]!

const sdk = new NodeSDK({
  resource: resources.resourceFromAttributes({
    'service.name': process.env.OTEL_SERVICE_NAME || 'roswell-it-site',
    // The same version the log lines and app_build_info carry.
    'service.version': (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version,
  }),
  instrumentations: [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => {
        const path = pathOf(request.url)
        return UNTRACED_PATHS.has(path) || path.startsWith('/assets/')
      },
      // A query string can carry secrets (Stripe's return parameters) or personal data (a customer
      // search by e-mail): spans keep paths only, as the log lines do.
      startIncomingSpanHook: (request) => (request.url?.includes('?') ? { 'url.query': 'REDACTED' } : {}),
      startOutgoingSpanHook: (options) => {
        const path = options.path ?? '/'
        if (!path.includes('?')) return {}
        const port = options.port ? `:${options.port}` : ''
        return { 'url.full': `${options.protocol ?? 'http:'}//${options.hostname ?? options.host ?? ''}${port}${pathOf(path)}` }
      },
      // Only calls made while handling something (a request, a job): never the exporter's own.
      requireParentforOutgoingSpans: true,
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new MongoDBInstrumentation(),
  ],
  // Metrics stay with Prometheus (/metrics); logs stay JSON lines on stdout.
  metricReaders: [],
  logRecordProcessors: [],
})
sdk.start()

const tracer = trace.getTracer('roswell-it-site')
type Span = api.Span

const tracing: Tracing = {
  currentSpan: () => trace.getActiveSpan(),
  nameRequest(span, route) {
    const server = span as Span & { kind?: api.SpanKind }
    if (server.kind !== SpanKind.SERVER) return
    const attributes = (server as { attributes?: Record<string, unknown> }).attributes
    const method = attributes?.['http.request.method'] ?? attributes?.['http.method']
    server.updateName(typeof method === 'string' ? `${method} ${route}` : route)
    server.setAttribute('http.route', route)
  },
  recordError(error) {
    const exception = { name: error.type, message: error.message, stack: error.stack }
    const active = trace.getActiveSpan()
    if (active) {
      active.recordException(exception)
      active.setStatus({ code: SpanStatusCode.ERROR, message: error.type })
      return
    }
    tracer.startActiveSpan('error', (span) => {
      span.recordException(exception)
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.type })
      span.end()
    })
  },
  inSpan(name, attributes: SpanAttributes, work) {
    return tracer.startActiveSpan(name, { attributes, kind: SpanKind.INTERNAL }, (span) => work().finally(() => span.end()))
  },
  flush: () => sdk.shutdown(),
}
;(globalThis as Record<symbol, unknown>)[Symbol.for('roswell-it.tracing')] = tracing
