import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { deliverDueOutboxMessages, type OutboxSettings } from '#app/integrations/mail/outbox.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { postRaw as postRawTo } from '#tests/support/raw-post'
import { startSmtpReceiver, startWebhookReceiver, waitFor } from '#tests/support/receivers'
import { untilBurstFitsInWindow } from '#tests/support/rate-limit-window'
import { CONTACT_RATE_LIMIT } from '#app/enquiries/limits.server'
import { CHAT_RATE_LIMIT } from '#app/chat/limits.server'

// The enquiry endpoints against the built server, a real database, a real SMTP server on loopback
// and a local HTTP receiver standing in for the Microsoft Teams incoming webhook.

const mongodbUri = setupTestDatabase('enquiries')
const STAFF = 'staff@roswell.test'
const FROM = 'Website <no-reply@roswell.test>'

let app: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let teams: Awaited<ReturnType<typeof startWebhookReceiver>>
let settings: OutboxSettings

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  teams = await startWebhookReceiver()
  settings = { mail: { smtpUrl: smtp.url, to: STAFF, from: FROM }, teamsWebhookUrl: teams.url }
  app = await startAppServer({
    mongodbUri,
    env: { SMTP_URL: smtp.url, CONTACT_TO: STAFF, MAIL_FROM: FROM, TEAMS_WEBHOOK_URL: teams.url, TRUST_PROXY: '1' },
  })
})

afterAll(async () => {
  await app?.stop()
  await smtp?.stop()
  await teams?.stop()
})

/** Each test speaks from its own address, so the per-IP limits never mix between tests. */
function visitor() {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

function postJson(path: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** An oversized post from a visitor of its own (see postRaw). */
function postRaw(path: string, body: string, headers: Record<string, string>) {
  return postRawTo(`${app.url}${path}`, body, { 'X-Forwarded-For': visitor(), ...headers })
}

const enquiry = {
  name: 'Pat Delgado',
  email: 'pat@northside-motors.example',
  phone: '(770) 555-0199',
  service: 'cybersecurity',
  message: 'Please review our <script>alert("x")</script> firewall\nbefore the FTC audit.',
}

describe('POST /api/contact', () => {
  it('saves the enquiry, answers 201 with it, and e-mails staff a plain-text notification', async () => {
    const response = await postJson('/api/contact', enquiry, visitor())
    expect(response.status).toBe(201)
    const { contact } = (await response.json()) as { contact: Record<string, string> }
    expect(contact).toMatchObject({ ...enquiry, id: expect.any(String), createdAt: expect.any(String) })

    const saved = await Contact.findById(contact.id).lean()
    expect(saved?.message).toBe(enquiry.message)

    const mail = await waitFor(() => smtp.received.find((message) => message.text.includes('Pat Delgado')))
    expect(mail.to).toEqual([STAFF])
    expect(mail.from).toBe('no-reply@roswell.test')
    expect(mail.headers).toMatch(/^Subject: New website enquiry from Pat Delgado \(Cybersecurity Services\)/m)
    expect(mail.headers).toMatch(/^Reply-To: pat@northside-motors\.example/m)
    // Text only: what the visitor typed arrives as typed, and no HTML part exists to render it.
    expect(mail.headers).toMatch(/^Content-Type: text\/plain/m)
    expect(mail.raw).not.toMatch(/text\/html/)
    expect(mail.text).toContain('Please review our <script>alert("x")</script> firewall')
    expect(mail.text).toContain('Phone:    (770) 555-0199')

    await waitFor(async () => (await OutboxMessage.findOne({ subject: `contact:${contact.id}` }).lean())?.status === 'sent')
  })

  it('answers 400 naming each bad field, and saves nothing', async () => {
    const before = await Contact.countDocuments()
    const response = await postJson('/api/contact', { name: 'P', email: 'not-an-address', phone: '12345', message: 'short' }, visitor())
    expect(response.status).toBe(400)
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> }
    expect(body.message).toEqual(expect.any(String))
    expect(body.errors).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter at least 10 digits for your phone number'],
      message: ['Message must be at least 10 characters'],
    })
    expect(await Contact.countDocuments()).toBe(before)
  })

  it('treats query operators and other objects where text belongs as bad input, never as a query', async () => {
    const before = await Contact.countDocuments()
    const response = await postJson('/api/contact', { ...enquiry, email: { $gt: '' }, name: { $ne: null }, service: ['voip'] }, visitor())
    expect(response.status).toBe(400)
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'service'])
    expect(await Contact.countDocuments()).toBe(before)
    for (const notAnObject of ['[1, 2]', '"text"', 'null'])
      expect((await postJson('/api/contact', notAnObject, visitor())).status).toBe(400)
  })

  it('refuses other content types (415), bodies over 32 KB (413) and broken JSON (400)', async () => {
    const ip = visitor()
    const asForm = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': ip },
      body: new URLSearchParams(enquiry),
    })
    expect(asForm.status).toBe(415)
    expect(await asForm.json()).toMatchObject({ message: expect.stringContaining('JSON') })
    expect((await postJson('/api/contact', enquiry, ip, { 'Content-Type': 'text/plain' })).status).toBe(415)

    const huge = JSON.stringify({ ...enquiry, message: 'x'.repeat(40 * 1024) })
    expect(await postRaw('/api/contact', huge, { 'Content-Type': 'application/json', 'Content-Length': String(huge.length) })).toBe(413)
    expect(await postRaw('/api/contact', huge, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' })).toBe(413)

    const broken = await postJson('/api/contact', '{"name": "Pat",', ip)
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ message: 'The request body is not valid JSON.' })
  })

  it('answers 429 with Retry-After after five enquiries from one address in ten minutes', { timeout: 50_000 }, async () => {
    const ip = visitor()
    const statuses: number[] = []
    await untilBurstFitsInWindow(CONTACT_RATE_LIMIT.windowMs, 20_000)
    for (let i = 0; i < 6; i++)
      statuses.push((await postJson('/api/contact', { ...enquiry, message: `Enquiry ${i} from the same office.` }, ip)).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    // Bad input is answered 400 and never counted, even once the limit is reached.
    expect((await postJson('/api/contact', { ...enquiry, email: 'nope' }, ip)).status).toBe(400)
    const refused = await postJson('/api/contact', enquiry, ip)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('Please wait a few minutes') })
    // Another visitor is not affected.
    expect((await postJson('/api/contact', enquiry, visitor())).status).toBe(201)
  })

  it('keeps a notification the mail server refused and delivers it on a later attempt', async () => {
    smtp.refuseNext('Retry Rivera')
    const response = await postJson('/api/contact', { ...enquiry, name: 'Retry Rivera' }, visitor())
    expect(response.status).toBe(201)
    const { contact } = (await response.json()) as { contact: { id: string } }
    const queued = await waitFor(async () => {
      const message = await OutboxMessage.findOne({ subject: `contact:${contact.id}` }).lean()
      return message?.status === 'pending' && message.attempts === 1 ? message : undefined
    })
    expect(queued.lastError).toMatch(/451|busy/i)
    expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    expect(smtp.received.some((mail) => mail.text.includes('Retry Rivera'))).toBe(false)

    // The background job's pass, run here with the clock past the retry time.
    await deliverDueOutboxMessages(settings, new Date(Date.now() + 60 * 60 * 1000))
    await waitFor(() => smtp.received.find((mail) => mail.text.includes('Retry Rivera')))
    expect(await OutboxMessage.findById(queued._id).lean()).toMatchObject({ status: 'sent', attempts: 2 })
  })
})

describe('the contact form posted without JavaScript', () => {
  async function honeypotFields() {
    const html = await (await fetch(`${app.url}/`)).text()
    const validFrom = /<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0]
    const value = validFrom && /value="([^"]*)"/.exec(validFrom)?.[1]
    if (!value) throw new Error('the home page has no honeypot fields')
    return { name__confirm: '', from__confirm: value }
  }

  function postForm(fields: Record<string, string>, ip: string) {
    return fetch(`${app.url}/?index`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'X-Forwarded-For': ip },
      body: new URLSearchParams(fields),
    })
  }

  it('saves the enquiry and redirects to the contact section with a flash toast', async () => {
    const response = await postForm({ ...(await honeypotFields()), ...enquiry, name: 'Form Fernandez', phone: '', service: '' }, visitor())
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/#contact')
    expect(response.headers.get('Set-Cookie')).toMatch(/en_toast=/)
    const saved = await Contact.findOne({ name: 'Form Fernandez' }).lean()
    expect(saved).toMatchObject({ email: enquiry.email, message: enquiry.message })
    expect(saved?.phone).toBeUndefined()
    expect(saved?.service).toBeUndefined()
  })

  it('re-renders the form with the messages and the typed values when the input is bad', async () => {
    const response = await postForm({ ...(await honeypotFields()), ...enquiry, email: 'pat@', name: 'Bad Email Bailey' }, visitor())
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Please enter a valid email address')
    expect(html).toContain('value="Bad Email Bailey"')
    // The typed message comes back escaped, as text.
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(await Contact.countDocuments({ name: 'Bad Email Bailey' })).toBe(0)
  })

  it(
    'does not count mistakes against the limit, but refuses a sixth enquiry with 429 and the typed values kept',
    { timeout: 50_000 },
    async () => {
      const ip = visitor()
      const trap = await honeypotFields()
      await untilBurstFitsInWindow(CONTACT_RATE_LIMIT.windowMs, 20_000)
      for (let i = 0; i < 6; i++) expect((await postForm({ ...trap, ...enquiry, phone: '123' }, ip)).status).toBe(400)
      for (let i = 0; i < 5; i++) expect((await postForm({ ...trap, ...enquiry, name: `Limit Lopez ${i}` }, ip)).status).toBe(303)
      const refused = await postForm({ ...trap, ...enquiry, name: 'Limit Lopez Six' }, ip)
      expect(refused.status).toBe(429)
      const html = await refused.text()
      expect(html).toContain('Please wait a few minutes')
      expect(html).toContain('value="Limit Lopez Six"')
    },
  )

  it('answers 413 for an oversized form, even one sent without a declared length', async () => {
    const huge = new URLSearchParams({ ...(await honeypotFields()), ...enquiry, message: 'x'.repeat(40 * 1024) }).toString()
    const formType = { 'Content-Type': 'application/x-www-form-urlencoded' }
    expect(await postRaw('/?index', huge, { ...formType, 'Content-Length': String(Buffer.byteLength(huge)) })).toBe(413)
    expect(await postRaw('/?index', huge, { ...formType, 'Transfer-Encoding': 'chunked' })).toBe(413)
  })

  it('quietly refuses a form whose hidden trap field was filled in, or that has no trap fields', async () => {
    const trapped = await postForm(
      { ...(await honeypotFields()), name__confirm: 'bot was here', ...enquiry, name: 'Bot Barnes' },
      visitor(),
    )
    expect(trapped.status).toBe(400)
    const bare = await postForm({ ...enquiry, name: 'Bot Barnes' }, visitor())
    expect(bare.status).toBe(400)
    expect(await Contact.countDocuments({ name: 'Bot Barnes' })).toBe(0)
  })
})

describe('POST /api/teams-chat', () => {
  it('stores the message in the visitor’s conversation and posts a readable card to Teams', async () => {
    const ip = visitor()
    const first = await postJson(
      '/api/teams-chat',
      { message: 'Our **VPN** is <b>down</b> [click](http://evil.example)', name: 'Alex Kim', email: 'alex@dealer.example' },
      ip,
    )
    expect(first.status).toBe(200)
    const body = (await first.json()) as { ok: boolean; response: string }
    expect(body).toMatchObject({ ok: true, response: expect.stringContaining('alex@dealer.example') })
    const cookie = first.headers.get('Set-Cookie')?.split(';')[0]
    expect(cookie).toMatch(/^en_chat_visitor=/)

    const card = await waitFor(() => teams.received.find((post) => JSON.stringify(post.body).includes('Alex Kim')))
    expect(card.contentType).toMatch(/application\/json/)
    // Teams Workflows' shape: a message with one Adaptive Card; what the visitor typed is in TextRuns,
    // which Teams never reads as Markdown, so it shows exactly as typed.
    expect(card.body).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }] })
    const content = (card.body.attachments as { content: { body: { type: string; text?: string; inlines?: { text: string }[] }[] } }[])[0]!
      .content
    expect(content.body[0]).toMatchObject({ type: 'TextBlock', text: 'New support chat message from the website' })
    const lines = content.body
      .filter((block) => block.type === 'RichTextBlock')
      .map((block) => block.inlines!.map((run) => run.text).join(''))
    expect(lines).toEqual(
      expect.arrayContaining(['Name: Alex Kim', 'Email: alex@dealer.example', 'Our **VPN** is <b>down</b> [click](http://evil.example)']),
    )

    // The cookie ties the next message to the same conversation.
    const second = await postJson('/api/teams-chat', { message: 'It is back now, thanks.' }, ip, { Cookie: cookie ?? '' })
    expect(second.status).toBe(200)
    expect(second.headers.get('Set-Cookie')).toBeNull()
    const conversations = await ChatConversation.find({ email: 'alex@dealer.example' }).lean()
    expect(conversations).toHaveLength(1)
    expect(conversations[0]?.name).toBe('Alex Kim')
    // The card's button opens the conversation where staff answer.
    expect(JSON.stringify(card.body)).toContain(`/admin/chats/${String(conversations[0]!._id)}`)
    const stored = await ConversationMessage.find({ conversationId: conversations[0]!._id }).sort({ seq: 1 }).lean()
    // The first message is answered automatically (stored, so it shows after a reload); later ones are not.
    expect(stored.map((message) => [message.from, message.text])).toEqual([
      ['visitor', 'Our **VPN** is <b>down</b> [click](http://evil.example)'],
      ['system', body.response],
      ['visitor', 'It is back now, thanks.'],
    ])
  })

  it('keeps the message when Teams fails and delivers the card on a retry', async () => {
    teams.failNext('Jamie Retry')
    const response = await postJson(
      '/api/teams-chat',
      { message: 'Printer jammed again', name: 'Jamie Retry', email: 'jamie@example.com' },
      visitor(),
    )
    expect(response.status).toBe(200)
    const conversation = await ChatConversation.findOne({ email: 'jamie@example.com' }).lean()
    expect(await ConversationMessage.findOne({ conversationId: conversation?._id, seq: 1 }).lean()).toMatchObject({
      text: 'Printer jammed again',
    })
    const queued = await waitFor(async () => {
      const message = await OutboxMessage.findOne({ channel: 'teams', subject: `chat:${conversation?.visitorId}` }).lean()
      return message?.status === 'pending' && message.attempts === 1 ? message : undefined
    })
    expect(queued.lastError).toContain('Teams answered 500')

    await deliverDueOutboxMessages(settings, new Date(Date.now() + 60 * 60 * 1000))
    await waitFor(() => teams.received.find((post) => JSON.stringify(post.body).includes('Jamie Retry')))
    expect(await OutboxMessage.findById(queued._id).lean()).toMatchObject({ status: 'sent' })
  })

  it('refuses blank messages, objects, other content types and oversized bodies', async () => {
    const ip = visitor()
    const blank = await postJson('/api/teams-chat', { message: '   ' }, ip)
    expect(blank.status).toBe(400)
    expect(await blank.json()).toMatchObject({ ok: false, errors: { message: ['Message is required'] } })
    const operator = await postJson('/api/teams-chat', { message: { $gt: '' }, email: 'x@y.z' }, ip)
    expect(operator.status).toBe(400)
    expect((await postJson('/api/teams-chat', { message: 'hi', email: 'nope' }, ip)).status).toBe(400)
    expect((await postJson('/api/teams-chat', { message: 'hi' }, ip, { 'Content-Type': 'text/plain' })).status).toBe(415)
    const huge = JSON.stringify({ message: 'x'.repeat(40 * 1024) })
    expect(await postRaw('/api/teams-chat', huge, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' })).toBe(413)
    expect((await fetch(`${app.url}/api/teams-chat`)).status).toBe(405)
  })

  it('answers 429 once an address has sent five chat messages in ten minutes, as for enquiries', { timeout: 50_000 }, async () => {
    const ip = visitor()
    const statuses: number[] = []
    await untilBurstFitsInWindow(CHAT_RATE_LIMIT.windowMs, 20_000)
    for (let i = 0; i < 6; i++) statuses.push((await postJson('/api/teams-chat', { message: `Message ${i}` }, ip)).status)
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})
