import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { type ReceivedSpan, startOtlpReceiver, waitFor } from '#tests/support/receivers'
import { freePorts } from '../../scripts/lib/local-services.mjs'

// With OTEL_EXPORTER_OTLP_ENDPOINT set, the built server sends its traces to a collector: here a
// loopback OTLP/HTTP receiver. Without it, no OpenTelemetry code is in the server at all.
const mongodbUri = setupTestDatabase('tracing')
const SERVER = 2
const CLIENT = 3
const ERROR = 2

let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>
let app: AppServer

beforeAll(async () => {
  await seedCatalogue()
  otlp = await startOtlpReceiver()
  // Nothing listens there: every e-mail fails to connect.
  const [closedPort] = await freePorts(1)
  app = await startAppServer({
    mongodbUri,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'site-under-test',
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      CONTACT_TO: 'office@example.com',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      TRUST_PROXY: '1',
    },
  })
})

afterAll(async () => {
  await app?.stop()
  await otlp?.stop()
})

const spansOfTrace = (traceId: string) => otlp.spans.filter((span) => span.traceId === traceId)

describe('tracing', () => {
  it('sends a request as a span named after its route, its database commands beneath it, without the query string', async () => {
    const response = await fetch(`${app.url}/news?utm_campaign=private-token-123`)
    expect(response.status).toBe(200)
    const request = await waitFor(() =>
      otlp.spans.find((span) => span.kind === SERVER && span.attributes['http.route'] !== undefined && /news/.test(span.name)),
    )
    expect(request.service).toBe('site-under-test')
    const database = await waitFor(() => {
      const found = spansOfTrace(request.traceId).filter(
        (span) => span.attributes['db.system'] === 'mongodb' || span.attributes['db.system.name'] === 'mongodb',
      )
      return found.length > 0 && found
    })
    expect(database[0]!.kind).toBe(CLIENT)
    for (const span of otlp.spans) expect(JSON.stringify(span.attributes)).not.toContain('private-token-123')
  })

  it('leaves health probes and metric scrapes out', async () => {
    await fetch(`${app.url}/healthz`)
    await fetch(`${app.url}/readyz`)
    await fetch(`${app.url}/news`)
    await waitFor(() => otlp.spans.filter((span) => span.kind === SERVER && /news/.test(span.name)).length >= 2)
    expect(otlp.spans.filter((span) => /healthz|readyz/.test(`${span.name} ${String(span.attributes['http.target'])}`))).toEqual([])
  })

  it('traces the call to Stripe under the request that made it', async () => {
    const response = await fetch(`${app.url}/api/create-payment-intent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
      body: JSON.stringify({
        planId: '2',
        name: 'Dana Reyes',
        email: 'dana@example.com',
        phone: '770-555-0100',
        ms365Option: 'none',
        ms365Users: 0,
        includeCloudBackup: false,
        amount: 599,
        paymentMethod: 'credit_card',
      }),
    })
    expect(response.status).toBe(200)
    const request = await waitFor(() => otlp.spans.find((span) => span.kind === SERVER && span.name === 'POST /api/create-payment-intent'))
    const stripe = await waitFor(() => {
      const calls = spansOfTrace(request.traceId).filter(
        (span) => span.kind === CLIENT && String(span.attributes['url.full']).includes('/v1/'),
      )
      return calls.length > 0 && calls
    })
    expect(stripe.map((span) => span.attributes['url.full'])).toContain(`${process.env.STRIPE_API_URL}/v1/customers`)
    // The customer search by e-mail address keeps its path, not its query.
    expect(JSON.stringify(otlp.spans)).not.toContain('dana%40example.com')
  })

  it('records a failed SMTP send as an error on its span, without the addresses', async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.9' },
      body: JSON.stringify({
        name: 'Pat Delgado',
        email: 'pat@example.com',
        service: 'cybersecurity',
        message: 'Please call me about our firewall.',
      }),
    })
    expect(response.status).toBe(201)
    const send: ReceivedSpan = await waitFor(() => otlp.spans.find((span) => span.name === 'smtp send' && span.status === ERROR), 20_000)
    const exception = send.events.find((event) => event.name === 'exception')
    expect(exception?.attributes['exception.message']).toMatch(/ECONNREFUSED|connect/i)
    expect(send.attributes['server.address']).toBe('127.0.0.1')
    expect(JSON.stringify(send)).not.toContain('office@example.com')
    expect(JSON.stringify(send)).not.toContain('pat@example.com')
  })
})

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('the server bundle holds no OpenTelemetry code: server.ts loads tracing.ts only when it is set', () => {
    expect(readFileSync('build/server/index.js', 'utf8')).not.toContain('@opentelemetry')
    expect(readFileSync('server.ts', 'utf8')).toMatch(/if \(process\.env\.OTEL_EXPORTER_OTLP_ENDPOINT\) await import\('\.\/tracing\.ts'\)/)
  })
})
