import { randomInt } from 'node:crypto'
import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { emailUnseenReplies, UNSEEN_REPLY_MS } from '#app/chat/reply-emails.server'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { deliverDueOutboxMessages } from '#app/integrations/mail/outbox.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { Order } from '#app/orders/order-model.server'
import { erasePersonalData } from '#app/privacy/erase.server'
import { countsOf, findPersonalData } from '#app/privacy/personal-data.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { personMatcher, ZERO_COUNTS } from '#app/domain/privacy'
import { contextFor } from '#app/lib/http/request-context'
import { type AppServer, startAppServer, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { startSmtpReceiver, waitFor } from '#tests/support/receivers'
import { signInOverHttp } from '#tests/support/staff-session'

// A person's data on request: owners find everything held under an address, download it, and
// erase it so that no collection holds the address or the phone number any more, while the
// order stays (anonymised) for accounting. Against the built server and the real database.

// The erase and lookup routes are also called in this process, as the owner, to cut the database under them.
vi.mock('#app/staff/require-admin.server', () => ({
  requireOwnerApi: vi.fn(async () => ({ id: 'owner-1', username: TEST_STAFF.username, role: 'owner' })),
}))
const eraseRoute = await import('#app/routes/api/admin/privacy.erase')
const lookupRoute = await import('#app/routes/api/admin/privacy')

const mongodbUri = setupTestDatabase('privacy')
const CONTACT_TO = 'staff@roswell.test'
const MAIL_FROM = 'Website <no-reply@roswell.test>'
// Written in different letter cases and phone formats in different places, as people do.
const PERSON = { email: 'erin.erase@example.com', phone: '(770) 555-0142' }
const OTHER = { email: 'olive.other@example.com', phone: '404-555-0199' }

let app: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let ownerCookie: string

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  // Closed: every chat message also e-mails staff, so the address is in more outbox messages.
  app = await startAppServer({ mongodbUri, env: { SMTP_URL: smtp.url, CONTACT_TO, MAIL_FROM, TRUST_PROXY: '1', SUPPORT_HOURS: 'closed' } })
  ownerCookie = await signInOverHttp(app.url)
})

afterAll(async () => {
  await app?.stop()
  await smtp?.stop()
})

const visitorAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`

async function call(method: string, path: string, { cookie = ownerCookie, body }: { cookie?: string; body?: unknown } = {}) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  })
}

async function sendEnquiry(fields: Record<string, string>) {
  const response = await fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitorAddress() },
    body: JSON.stringify(fields),
  })
  expect(response.status).toBe(201)
}

async function visitorWrites(body: Record<string, unknown>, cookie?: string) {
  const response = await fetch(`${app.url}/api/teams-chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitorAddress(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return cookie ?? response.headers.get('Set-Cookie')!.split(';')[0]!
}

async function staffReplies(conversationId: string, text: string) {
  const response = await call('POST', `/api/admin/chats/${conversationId}/messages`, { body: { text } })
  expect(response.status).toBe(201)
}

const query = (lookup: { email: string; phone?: string }) => new URLSearchParams(lookup).toString()

/** Every document of every collection, as text, that still names the person. */
async function leftovers() {
  const db = mongoose.connection.db!
  const matcher = personMatcher(PERSON)
  const digits = '7705550142'
  const found: string[] = []
  for (const { name } of await db.listCollections().toArray()) {
    for (const doc of await db.collection(name).find({}).toArray()) {
      const text = JSON.stringify(doc)
      // Any letter case of the address, and the number in any format (its digits, in order).
      if (matcher.test(text) || text.toLowerCase().includes(PERSON.email) || text.replace(/\D/g, '').includes(digits))
        found.push(`${name}: ${text.slice(0, 300)}`)
    }
  }
  return found
}

let orderId: string

describe('personal data on request', () => {
  it('finds the enquiry, chat, e-mails, order and audit entries held under an address, in any case and format', async () => {
    await sendEnquiry({
      name: 'Erin Erase',
      email: 'Erin.Erase@Example.com',
      phone: PERSON.phone,
      message: 'Please call me about backups.',
    })
    await sendEnquiry({
      name: 'Olive Other',
      email: OTHER.email,
      phone: OTHER.phone,
      message: 'My colleague ERIN.ERASE@example.com suggested you.',
    })

    await visitorWrites({ message: 'Is anyone there? My number is 770.555.0142', name: 'Erin', email: 'ERIN.erase@example.com' })
    const conversation = (await ChatConversation.findOne({ name: 'Erin' }).lean())!
    // As if she had followed the confirmation link: replies go only to a confirmed address.
    await ChatConversation.updateOne({ _id: conversation._id }, { $set: { emailConfirmedAt: new Date() } })
    await staffReplies(String(conversation._id), 'We will call you back tomorrow morning.')
    // The reply was not seen live: it is e-mailed to the visitor, with a resume link.
    expect(await emailUnseenReplies(new Date(Date.now() + UNSEEN_REPLY_MS + 60_000))).toMatchObject({ emailed: 1 })
    await deliverDueOutboxMessages({ mail: { smtpUrl: smtp.url, to: CONTACT_TO, from: MAIL_FROM } })
    await waitFor(() => smtp.received.find((mail) => mail.to.some((to) => to.toLowerCase() === PERSON.email)))
    expect(await OutboxMessage.exists({ 'payload.to': /^erin\.erase@example\.com$/i, status: 'sent' })).not.toBeNull()

    // Someone else's chat that mentions Erin: it stays, without the address.
    await visitorWrites({ message: 'I am writing for erin.erase@example.com', name: 'Olive', email: OTHER.email })
    const olive = (await ChatConversation.findOne({ name: 'Olive' }).lean())!
    await staffReplies(String(olive._id), 'Thanks, we will write to Erin.Erase@example.com as well.')

    const order = await Order.create({
      name: 'Erin Erase',
      email: PERSON.email,
      phone: '+1 770 555 0142',
      planId: 2,
      amount: 249,
      status: 'paid',
      stripeCustomerId: 'cus_erin',
      stripeSubscriptionId: 'sub_erin',
      paymentId: 'pi_erin',
    })
    orderId = String(order._id)
    await AuditEvent.create({
      kind: 'order-status',
      actorUsername: TEST_STAFF.username,
      actorId: 'x',
      action: 'noted a call from Erin.Erase@example.com',
      target: `order:${orderId}`,
      changes: { note: { before: null, after: 'Buyer asked to be called on 770-555-0142' } },
      addressKey: 'k',
      requestId: 'r',
    })

    const response = await call('GET', `/api/admin/privacy?${query({ email: 'ERIN.Erase@example.COM', phone: '770 555 0142' })}`)
    expect(response.status).toBe(200)
    const counts = (await response.json()) as Record<string, unknown>
    expect(counts).toMatchObject({ email: PERSON.email, enquiries: 2, conversations: 1, orders: 1, audit: 1 })
    // Erin's 4 messages (hers, the automatic answer naming her address, the staff reply… ) and 2 of Olive's that mention her.
    expect(counts.messages).toBeGreaterThanOrEqual(5)
    // The enquiry e-mail, the chat's Teams card and after-hours e-mail, the reply e-mail, and Olive's that name her.
    expect(counts.outbox).toBeGreaterThanOrEqual(4)

    const page = await call('GET', `/admin/privacy?${query(PERSON)}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Please call me about backups.')
    expect(html).toContain('cus_erin')
    expect(html).toContain('Erase permanently')
  })

  it('answers an address with nothing held with zeros, and bad input with the 400 shape', async () => {
    const none = await call('GET', `/api/admin/privacy?${query({ email: 'nobody-here@example.com' })}`)
    expect(none.status).toBe(200)
    expect(await none.json()).toEqual({ email: 'nobody-here@example.com', ...ZERO_COUNTS })
    const page = await call('GET', `/admin/privacy?${query({ email: 'nobody-here@example.com' })}`)
    expect(await page.text()).toContain('Nothing is held under this address')

    for (const path of [
      '/api/admin/privacy',
      '/api/admin/privacy?email=.*',
      '/api/admin/privacy/export?email=x',
      `/api/admin/privacy?email=a@b.co&phone=${'9'.repeat(50)}`,
    ]) {
      const bad = await call('GET', path)
      expect(bad.status, path).toBe(400)
      expect(await bad.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    }
    expect((await call('POST', '/api/admin/privacy/erase', { body: { email: { $ne: '' } } })).status).toBe(400)
    expect((await call('POST', '/api/admin/privacy/erase', { body: { email: PERSON.email, everything: true } })).status).toBe(400)
    expect((await call('POST', '/api/admin/privacy/erase', { body: { email: `${'a'.repeat(4000)}@example.com` } })).status).toBe(413)
    expect((await call('GET', '/api/admin/privacy/erase')).status).toBe(405)
    // The page's erase needs the box ticked.
    const unconfirmed = await fetch(`${app.url}/admin/privacy`, {
      method: 'POST',
      headers: { Cookie: ownerCookie },
      body: new URLSearchParams({ email: PERSON.email }),
      redirect: 'manual',
    })
    expect(unconfirmed.status).toBe(400)
    expect(await Contact.countDocuments({ email: /erin/i })).toBe(1)
  })

  it('downloads everything as JSON with the API’s field names, audited without the address', async () => {
    const response = await call('GET', `/api/admin/privacy/export?${query(PERSON)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const file = (await response.json()) as Record<string, unknown> & {
      orders: Record<string, unknown>[]
      conversations: { messages: unknown[] }[]
    }
    expect(file).toMatchObject({ email: PERSON.email, counts: { enquiries: 2, conversations: 1, orders: 1 } })
    expect(file.orders[0]).toMatchObject({ id: orderId, amount: 249, planId: 2, customerId: 'cus_erin', email: PERSON.email })
    expect(file.conversations[0]!.messages.length).toBeGreaterThanOrEqual(3)
    // A resume link's token never leaves in a file.
    expect(JSON.stringify(file)).not.toMatch(/resume=[A-Za-z0-9_-]{20,}/)

    const exported = await AuditEvent.findOne({ kind: 'privacy', action: /^exported/ }).lean()
    expect(exported).toMatchObject({ actorUsername: TEST_STAFF.username })
    expect(JSON.stringify(exported)).not.toMatch(/erin/i)
  })

  it('gives a staff (not owner) session 403 on the page, the download and every API', async () => {
    const created = (await (await call('POST', '/api/admin/staff', { body: { username: 'pat', name: 'Pat', role: 'staff' } })).json()) as {
      setPasswordUrl: string
    }
    const token = new URL(created.setPasswordUrl).searchParams.get('token')!
    const password = 'pat’s long enough passphrase'
    await fetch(`${app.url}/set-password`, {
      method: 'POST',
      body: new URLSearchParams({ token, password, confirm: password }),
      redirect: 'manual',
    })
    const staff = await signInOverHttp(app.url, { username: 'pat', password })
    for (const path of [
      `/api/admin/privacy?${query(PERSON)}`,
      `/api/admin/privacy/export?${query(PERSON)}`,
      '/admin/privacy',
      `/admin/privacy.data?${query(PERSON)}`,
    ])
      expect((await call('GET', path, { cookie: staff })).status, path).toBe(403)
    expect((await call('POST', '/api/admin/privacy/erase', { cookie: staff, body: { email: PERSON.email } })).status).toBe(403)
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${app.url}${path}`, { method: 'POST', headers: { Cookie: staff }, body: new URLSearchParams(fields), redirect: 'manual' })
    expect((await form('/admin/privacy', { email: PERSON.email, confirm: 'yes' })).status).toBe(403)
    expect((await form('/admin/privacy/export', { email: PERSON.email })).status).toBe(403)
    // Signed out: the API says 401, the page sends to sign-in.
    expect((await call('GET', `/api/admin/privacy?${query(PERSON)}`, { cookie: '' })).status).toBe(401)
    expect((await call('GET', '/admin/privacy', { cookie: '' })).status).toBe(302)
    expect(await Contact.countDocuments({ email: /erin/i })).toBe(1)
  })

  it('finishes an erase that the database cut short when it is run again', async () => {
    const owner = {
      actor: { id: 'owner-1', username: TEST_STAFF.username },
      context: contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'test' }),
    }
    const matcher = personMatcher(PERSON)
    // The database goes away when the erase reaches the orders.
    const cut = vi.spyOn(Order, 'updateMany').mockRejectedValueOnce(new mongoose.mongo.MongoNetworkError('connection reset'))
    await expect(erasePersonalData(matcher, owner)).rejects.toThrow('connection reset')
    cut.mockRestore()
    const half = countsOf(await findPersonalData(matcher))
    expect(half).toMatchObject({ enquiries: 0, conversations: 0, messages: 0, outbox: 0, orders: 1, audit: 1 })
    // Nothing reported as done: no erasure in the audit trail yet.
    expect(await AuditEvent.exists({ kind: 'privacy', action: /^erased/ })).toBeNull()

    // Through the API, the same cut is a readable 503 that says to run it again.
    const args = (request: Request) => ({ request, params: {}, context: owner.context, url: new URL(request.url), pattern: '' }) as never
    const again = vi.spyOn(Order, 'updateMany').mockRejectedValueOnce(new mongoose.mongo.MongoNetworkError('connection reset'))
    const refused = await eraseRoute.action(
      args(
        new Request('http://localhost/api/admin/privacy/erase', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(PERSON),
        }),
      ),
    )
    again.mockRestore()
    expect(refused.status).toBe(503)
    expect(((await refused.json()) as { message: string }).message).toMatch(/did not finish.*run the erasure again/)
    const down = vi.spyOn(Contact, 'find').mockImplementationOnce(() => {
      throw new mongoose.mongo.MongoNetworkError('connection reset')
    })
    const lookup = await lookupRoute.loader(args(new Request(`http://localhost/api/admin/privacy?${query(PERSON)}`)))
    down.mockRestore()
    expect(lookup.status).toBe(503)
    expect(await lookup.json()).toEqual({ message: 'Our system is temporarily unavailable. Please try again in a minute.' })
    expect(await AuditEvent.exists({ kind: 'privacy', action: /^erased/ })).toBeNull()
  })

  it('erases the rest through the API: no collection names the address or number, the order keeps its plan and amount', async () => {
    const response = await call('POST', '/api/admin/privacy/erase', { body: { email: 'Erin.Erase@Example.com', phone: '770-555-0142' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      email: PERSON.email,
      enquiries: 0,
      conversations: 0,
      messages: 0,
      outbox: 0,
      orders: 1,
      audit: 1,
    })

    expect(await leftovers()).toEqual([])

    const order = (await Order.findById(orderId).lean())!
    expect(order).toMatchObject({ amount: 249, planId: 2, status: 'paid', stripeCustomerId: 'cus_erin', stripeSubscriptionId: 'sub_erin' })
    expect(order).not.toHaveProperty('email')
    expect(order).not.toHaveProperty('name')
    expect(order).not.toHaveProperty('phone')
    const status = await call('GET', `/api/orders/${orderId}`)
    expect(await status.json()).toMatchObject({ id: orderId, amount: 249, planId: 2, status: 'paid' })

    // Other people's records stay, without the mention.
    expect(await Contact.findOne({ email: OTHER.email }).lean()).toMatchObject({ message: 'My colleague [erased e-mail] suggested you.' })
    const olive = (await ChatConversation.findOne({ name: 'Olive' }).lean())!
    const texts = (await ConversationMessage.find({ conversationId: olive._id }).lean()).map((message) => message.text)
    expect(texts).toContain('I am writing for [erased e-mail]')

    // The trail: who erased, and the counts, never the address.
    const erased = await AuditEvent.find({ kind: 'privacy', action: /^erased/ }).lean()
    expect(erased).toHaveLength(1)
    expect(erased[0]).toMatchObject({ actorUsername: TEST_STAFF.username, action: expect.stringMatching(/1 order, /) })

    // Nothing left: zeros, and a second erase changes nothing.
    expect(await (await call('GET', `/api/admin/privacy?${query(PERSON)}`)).json()).toEqual({
      email: PERSON.email,
      phone: '7705550142',
      ...ZERO_COUNTS,
    })
    expect(await (await call('POST', '/api/admin/privacy/erase', { body: { email: PERSON.email } })).json()).toEqual({
      email: PERSON.email,
      ...ZERO_COUNTS,
    })

    // The staff area and the analytics keep working.
    for (const path of [
      '/admin',
      '/admin/orders',
      `/admin/orders/${orderId}`,
      '/admin/chats',
      `/admin/chats/${String(olive._id)}`,
      '/admin/logs',
      '/admin/audit',
    ])
      expect((await call('GET', path)).status, path).toBe(200)
  })

  it('erases from the owners’ page with the box ticked, and says what went', async () => {
    await sendEnquiry({ name: 'Page Person', email: 'page.person@example.com', message: 'Please erase me from the page.' })
    const response = await fetch(`${app.url}/admin/privacy`, {
      method: 'POST',
      headers: { Cookie: ownerCookie },
      body: new URLSearchParams({ email: 'Page.Person@example.com', confirm: 'yes' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/privacy?email=page.person%40example.com')
    expect(await Contact.exists({ email: 'page.person@example.com' })).toBeNull()
  })
})
