import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// Real local receivers for the staff notifications: an SMTP server and a Teams incoming webhook.

export type ReceivedMail = { from: string; to: string[]; raw: string; headers: string; text: string }

/** Undoes quoted-printable transfer encoding (nodemailer uses it for long or non-ASCII lines). */
function decodeQuotedPrintable(body: string) {
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
}

export async function startSmtpReceiver() {
  const received: ReceivedMail[] = []
  let refuse: { matches: (raw: string) => boolean; count: number } = { matches: () => false, count: 0 }
  let delay: { marker: string; ms: number } = { marker: '', ms: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        if (refuse.count > 0 && refuse.matches(raw)) {
          refuse.count--
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })
          return callback(error)
        }
        if (delay.ms > 0 && raw.includes(delay.marker)) {
          const { ms } = delay
          delay = { marker: '', ms: 0 }
          setTimeout(() => accept(raw), ms)
        } else accept(raw)
      })
      function accept(raw: string) {
        const split = raw.indexOf('\r\n\r\n')
        const headers = raw.slice(0, split)
        const body = raw.slice(split + 4)
        const text = /Content-Transfer-Encoding:\s*quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          headers,
          text,
        })
        callback()
      }
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next `count` messages whose raw text contains `marker` are refused with a temporary failure (451). */
    refuseNext(marker: string, count = 1) {
      refuse = { matches: (raw) => raw.includes(marker), count }
    },
    /** The next message containing `marker` is accepted only after `ms` (a slow mail server). */
    delayNext(marker: string, ms: number) {
      delay = { marker, ms }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type ReceivedCard = { path: string; contentType: string; body: Record<string, unknown> }

export async function startWebhookReceiver() {
  const received: ReceivedCard[] = []
  let fail: { marker: string; count: number } = { marker: '', count: 0 }
  const server = http.createServer((request, response) => {
    let raw = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (raw += chunk))
    request.on('end', () => {
      if (fail.count > 0 && raw.includes(fail.marker)) {
        fail.count--
        response.writeHead(500).end('webhook down')
        return
      }
      received.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(raw) as Record<string, unknown>,
      })
      // Teams answers a plain "1" on success.
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('1')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhookb2/test`,
    received,
    /** The next `count` posts whose body contains `marker` are answered with 500. */
    failNext(marker: string, count = 1) {
      fail = { marker, count }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const result = await check()
    if (result) return result
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`condition not met within ${timeoutMs} ms`)
}

export type ReceivedSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number
  attributes: Record<string, unknown>
  /** 0 unset, 1 ok, 2 error. */
  status: number
  events: { name: string; attributes: Record<string, unknown> }[]
  service: string
}

type OtlpAttribute = { key: string; value: Record<string, unknown> }
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]))

/** An OpenTelemetry collector's OTLP/HTTP endpoint (JSON), on loopback: keeps every span it is sent. */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = []
  const server = http.createServer((request, response) => {
    let raw = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (raw += chunk))
    request.on('end', () => {
      if (request.url !== '/v1/traces' || !String(request.headers['content-type']).startsWith('application/json')) {
        response.writeHead(404).end()
        return
      }
      type Body = {
        resourceSpans?: {
          resource?: { attributes?: OtlpAttribute[] }
          scopeSpans?: {
            spans?: (Omit<ReceivedSpan, 'attributes' | 'status' | 'events' | 'service'> & {
              attributes?: OtlpAttribute[]
              status?: { code?: number }
              events?: { name: string; attributes?: OtlpAttribute[] }[]
            })[]
          }[]
        }[]
      }
      for (const resourceSpans of (JSON.parse(raw) as Body).resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '')
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              ...span,
              attributes: attributesOf(span.attributes),
              status: span.status?.code ?? 0,
              events: (span.events ?? []).map((event) => ({ name: event.name, attributes: attributesOf(event.attributes) })),
              service,
            })
          }
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
