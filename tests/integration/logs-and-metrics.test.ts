import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedNews } from '#app/catalogue/seed-news'
import { OutboxAttempt } from '#app/integrations/mail/outbox-attempt-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'
import { waitFor } from '#tests/support/receivers'

// What the production server writes to stdout: one JSON line per request with its id, and never
// the personal data that passes through it. Real data goes through every entry point (contact form
// with and without JavaScript, chat, sign-in with a password, cookies, an Authorization header, a
// path and a query string), through the outbox's held and failure paths, at the most verbose log
// level; then the captured output is searched for every piece of it.

const mongodbUri = setupTestDatabase('logs_metrics')
const STAFF = { username: 'owner', password: 'correct horse battery staple 42' }

/** A Teams webhook that refuses every card and echoes it back in its error answer. */
async function startEchoingWebhook() {
  const server = http.createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => response.writeHead(400, { 'Content-Type': 'text/plain' }).end(`Bad card: ${body}`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhookb2/echo`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function postJson(server: AppServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

type LogLine = Record<string, unknown> & { level: string; msg: string }

function logLines(server: AppServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** E-mails in the outbox not yet settled: waiting for an attempt, or claimed by an instance. */
function emailsInFlight() {
  return OutboxMessage.countDocuments({ channel: 'email', status: { $in: ['pending', 'sending'] } })
}

describe('the server log', () => {
  let server: AppServer
  let webhook: Awaited<ReturnType<typeof startEchoingWebhook>>

  beforeAll(async () => {
    webhook = await startEchoingWebhook()
    server = await startAppServer({
      mongodbUri,
      env: {
        LOG_LEVEL: 'trace',
        TRUST_PROXY: '1',
        ADMIN_USERNAME: STAFF.username,
        ADMIN_PASSWORD: STAFF.password,
        SESSION_SECRET: 'a session secret for the log test and long enough',
        TEAMS_WEBHOOK_URL: webhook.url,
      },
    })
  })

  afterAll(async () => {
    await server?.stop()
    await webhook?.stop()
  })

  it('never contains the personal data or secrets that went through the server', async () => {
    const personal = {
      apiName: 'Priya Marchetti-Lowell',
      apiEmail: 'priya.marchetti@dealer-example.com',
      apiPhone: '(404) 555-0142',
      apiMessage: 'Our finance office printers stopped; call my cell 678-555-0199 after five.',
      formName: 'Odette Vasquez-Brandt',
      formEmail: 'odette.vb@northfield-example.org',
      formPhone: '770.555.0123',
      formMessage: 'Please call about the server closet ventilation before Friday.',
      chatName: 'Kwame Osei-Tutu',
      chatEmail: 'kwame.osei@tutu-motors-example.com',
      chatMessage: 'My portal password is Hunter2-Secret and my card is 4242 4242 4242 4242, can you reset it?',
      wrongPassword: 'Wr0ng-Guess-Passw0rd!',
      cookie: 'visitor-secret-cookie-value',
      bearer: 'sk_live_leakcheck_1234567890',
      pathEmail: 'path.leak@example.com',
      queryEmail: 'query.leak@example.com',
      queryToken: 'query-secret-token-0987',
    }

    const contact = await postJson(
      server,
      '/api/contact',
      { name: personal.apiName, email: personal.apiEmail, phone: personal.apiPhone, message: personal.apiMessage },
      { 'X-Forwarded-For': '198.51.100.21', Cookie: `tracking=${personal.cookie}`, Authorization: `Bearer ${personal.bearer}` },
    )
    expect(contact.status).toBe(201)

    const html = await (await fetch(`${server.url}/`)).text()
    const honeypot = /value="([^"]*)"/.exec(/<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0] ?? '')?.[1] ?? ''
    const form = await fetch(`${server.url}/?index`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'X-Forwarded-For': '198.51.100.22' },
      body: new URLSearchParams({
        name__confirm: '',
        from__confirm: honeypot,
        name: personal.formName,
        email: personal.formEmail,
        phone: personal.formPhone,
        service: '',
        message: personal.formMessage,
      }),
    })
    expect(form.status).toBe(303)

    const chat = await postJson(
      server,
      '/api/teams-chat',
      { name: personal.chatName, email: personal.chatEmail, message: personal.chatMessage },
      { 'X-Forwarded-For': '198.51.100.23', 'X-Request-Id': 'chat-req.42_A' },
    )
    expect(chat.status).toBe(200)
    expect(chat.headers.get('x-request-id')).toBe('chat-req.42_A')

    const refused = await fetch(`${server.url}/admin-login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'X-Forwarded-For': '198.51.100.24' },
      body: new URLSearchParams({ username: STAFF.username, password: personal.wrongPassword }),
    })
    // A failed sign-in goes back to the form (a redirect with a toast), without a session.
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toMatch(/^\/admin-login/)
    const session = await signInOverHttp(server.url, STAFF)
    const dashboard = await fetch(`${server.url}/admin`, { headers: { Cookie: session } })
    expect(dashboard.status).toBe(200)

    expect((await fetch(`${server.url}/news/${personal.pathEmail}`)).status).toBe(404)
    const query = `?email=${personal.queryEmail}&token=${personal.queryToken}`
    expect((await fetch(`${server.url}/${query}`)).status).toBe(200)

    // The e-mails are held (SMTP_URL unset) and the Teams card failed: both paths have logged. Every
    // e-mail is settled before this server stops: one left pending would be held by the next
    // server in this file and counted in its metrics.
    await waitFor(async () => (await OutboxMessage.findOne({ channel: 'email', status: 'held' }).lean()) !== null)
    await waitFor(async () => (await emailsInFlight()) === 0)
    await waitFor(() => server.output().includes('not delivered, retrying later'))

    // A request's line is written when its response has gone out, so the last one may lag a little.
    await waitFor(
      () => logLines(server).filter((line) => line.msg === 'request completed' && line.method === 'GET' && line.path === '/').length >= 2,
    )
    const output = server.output()
    const secrets = [...Object.values(personal), session.split('=')[1]!, STAFF.password, '4045550142', '5550142', 'Marchetti', 'Hunter2']
    for (const secret of secrets) expect(output, `the log contains "${secret}"`).not.toContain(secret)

    // And the lines are there: one per request, with method, path, route, status, time and instance.
    const lines = logLines(server)
    const requests = lines.filter((line) => line.msg === 'request completed')
    expect(requests.find((line) => line.path === '/api/contact')).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/api/contact',
      status: 201,
      durationMs: expect.any(Number),
      reqId: expect.any(String),
      instance: expect.stringMatching(/\/\d+$/),
    })
    expect(requests.find((line) => line.route === '/news/:slug')).toMatchObject({ path: '/news/[email]', status: 404 })
    expect(requests.filter((line) => line.path === '/' && line.method === 'GET').length).toBeGreaterThanOrEqual(2)
    expect(lines.find((line) => String(line.msg).includes('SMTP_URL or CONTACT_TO is unset'))).toMatchObject({
      level: 'warn',
      channel: 'email',
    })
    // The Teams failure, logged while handling the chat request, carries that request's id. The
    // webhook's answer (which quoted the card) is kept with the attempt in the database only.
    const failure = lines.find((line) => line.msg.includes('not delivered, retrying later'))
    expect(failure).toMatchObject({ level: 'warn', reqId: 'chat-req.42_A', channel: 'teams', err: { message: 'Teams answered 400' } })
    expect((await OutboxAttempt.findOne({ outcome: 'failed' }).lean())?.error).toMatch(/^Teams answered 400: Bad card: \{/)
  })

  it('keeps a sane X-Request-Id and replaces any other, never echoing it', async () => {
    const sane = 'lb-7f3a.9_c-2'
    const kept = await fetch(`${server.url}/privacy-policy`, { headers: { 'X-Request-Id': sane } })
    expect(kept.headers.get('x-request-id')).toBe(sane)
    for (const hostile of ['x'.repeat(129), 'id with spaces', '<script>alert(1)</script>', 'a,b', '{"level":"fatal"}']) {
      const response = await fetch(`${server.url}/privacy-policy`, { headers: { 'X-Request-Id': hostile } })
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      expect(server.output()).not.toContain(hostile)
    }
    // Without one, a fresh id per request.
    const [first, second] = await Promise.all([fetch(`${server.url}/healthz`), fetch(`${server.url}/healthz`)])
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'))
    await waitFor(() => logLines(server).some((line) => line.reqId === sane && line.msg === 'request completed'))
  })

  it('answers /metrics with the site 404 while METRICS_TOKEN is unset', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer anything-at-all-anything-at-all-1234' } })
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('http_request_duration_seconds')
  })
})

describe('GET /metrics', () => {
  const token = 'metrics-token-for-the-test-0123456789abcdef'
  let server: AppServer

  beforeAll(async () => {
    server = await startAppServer({ mongodbUri, env: { METRICS_TOKEN: token, TRUST_PROXY: '1' } })
  })

  afterAll(async () => {
    await server?.stop()
  })

  const scrape = async (authorization = `Bearer ${token}`) => fetch(`${server.url}/metrics`, { headers: { Authorization: authorization } })

  it('is refused without the token, or with a wrong one', async () => {
    const missing = await fetch(`${server.url}/metrics`)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await missing.text()).not.toContain('http_request')
    expect((await scrape(`Bearer ${token.replace(/.$/, 'x')}`)).status).toBe(401)
    expect((await scrape(`Basic ${Buffer.from(`user:${token}`).toString('base64')}`)).status).toBe(401)
    expect((await scrape(token)).status).toBe(401)
    expect((await scrape(`bearer ${token}`)).status).toBe(200)
  })

  it('labels requests by route pattern, never by raw path, and covers outbox, rate limits, database and process', async () => {
    const article = seedNews[0]!
    expect((await fetch(`${server.url}/news/${article.slug}`)).status).toBe(200)
    expect((await fetch(`${server.url}/no-such-page/for-metrics-9f2c`)).status).toBe(404)
    const html = await (await fetch(`${server.url}/`)).text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
    expect((await fetch(`${server.url}${asset}`)).status).toBe(200)
    // Six enquiries from one address: the sixth is refused by the 'contact' rule; the five saved
    // e-mails are held (no SMTP_URL).
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await postJson(
            server,
            '/api/contact',
            { name: 'Metrics Visitor', email: 'metrics@example.com', message: `Enquiry number ${i} for metrics.` },
            { 'X-Forwarded-For': '203.0.113.60' },
          )
        ).status,
      )
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    await waitFor(async () => (await emailsInFlight()) === 0)

    const response = await scrape()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await response.text()
    expect(text).toContain('http_request_duration_seconds_count{route="/news/:slug",method="GET",status="200"} 1')
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/\*",method="GET",status="404"\} 1\n/)
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\(static\)",method="GET",status="200"\} \d+/)
    expect(text).toContain('http_request_duration_seconds_count{route="/api/contact",method="POST",status="429"} 1')
    expect(text).not.toContain(article.slug)
    expect(text).not.toContain('for-metrics-9f2c')
    expect(text).toContain('rate_limit_refusals_total{rule="contact"} 1')
    expect(text).toMatch(/outbox_messages\{channel="email",state="held"\} ([5-9]|\d\d)\n/)
    expect(text).toContain('outbox_messages{channel="teams",state="failed"} 0')
    expect(text).toMatch(/outbox_deliveries_total\{channel="email",outcome="held"\} 5\n/)
    expect(text).toContain('access_log_entries_dropped_total 0')
    expect(text).toMatch(/mongodb_pool_connections\{state="open"\} [1-9]/)
    expect(text).toContain('mongodb_pool_connections{state="waiting"} 0')
    expect(text).toContain('mongodb_up 1')
    expect(text).toMatch(/mongodb_ping_round_trip_seconds 0\.\d+/)
    expect(text).toMatch(/process_cpu_user_seconds_total \d/)
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/)
  })
})
