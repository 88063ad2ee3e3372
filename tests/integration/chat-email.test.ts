import { createHmac, randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailUnseenReplies, UNSEEN_REPLY_MS } from '#app/chat/reply-emails.server'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { deliverDueOutboxMessages, type OutboxSettings } from '#app/integrations/mail/outbox.server'
import { type AppServer, startAppServer, TEST_SESSION_SECRET } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { openEventStream } from '#tests/support/event-stream'
import { startSmtpReceiver, waitFor } from '#tests/support/receivers'
import { signInOverHttp } from '#tests/support/staff-session'

// Nobody left waiting: outside business hours a visitor message also e-mails staff; a staff reply
// the visitor did not see live within 2 minutes goes to the visitor's e-mail with a single-use link
// that takes the conversation up in the browser that uses it.

const mongodbUri = setupTestDatabase('chat_email')
const CONTACT_TO = 'staff@roswell.test'
const MAIL_FROM = 'Website <no-reply@roswell.test>'

let app: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let settings: OutboxSettings
let staffCookie: string

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  settings = { mail: { smtpUrl: smtp.url, to: CONTACT_TO, from: MAIL_FROM } }
  // Closed (a holiday, a night): every visitor message is after hours.
  app = await startAppServer({ mongodbUri, env: { SMTP_URL: smtp.url, CONTACT_TO, MAIL_FROM, TRUST_PROXY: '1', SUPPORT_HOURS: 'closed' } })
  staffCookie = await signInOverHttp(app.url)
})

afterAll(async () => {
  await app?.stop()
  await smtp?.stop()
})

async function visitorWrites(body: Record<string, unknown>, cookie?: string) {
  const response = await fetch(`${app.url}/api/teams-chat`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return cookie ?? response.headers.get('Set-Cookie')!.split(';')[0]!
}

async function staffReplies(conversationId: string, text: string) {
  const response = await fetch(`${app.url}/api/admin/chats/${conversationId}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: staffCookie },
    body: JSON.stringify({ text }),
  })
  expect(response.status).toBe(201)
}

/** The confirmation link mailed to `email` (the newest), as the visitor finds it in the message. */
async function confirmationLink(email: string) {
  const mail = await waitFor(() => smtp.received.findLast((each) => each.to.includes(email) && each.text.includes('/chat/confirm-email?')))
  const path = /\/chat\/confirm-email\?\S+/.exec(mail.text)![0]
  return { mail, url: `${app.url}${path}` }
}

/** The visitor follows the link and presses its button. */
async function confirmAddress(email: string) {
  const { url } = await confirmationLink(email)
  const confirmed = await fetch(url, { method: 'POST', body: new URLSearchParams() })
  expect(confirmed.status).toBe(200)
  expect(await confirmed.text()).toContain('Address confirmed')
}

/** As the job will see it once the 2 minutes have passed. */
const inThreeMinutes = () => new Date(Date.now() + UNSEEN_REPLY_MS + 60_000)

describe('chat e-mails', () => {
  it('outside business hours, a visitor message also e-mails staff, as plain text with a link to the conversation', async () => {
    await visitorWrites({ message: 'Server room is <b>beeping</b>\nat night', name: 'Night Owl', email: 'owl@example.com' })
    const conversation = await ChatConversation.findOne({ name: 'Night Owl' }).lean()
    const mail = await waitFor(() => smtp.received.find((each) => each.text.includes('Server room is <b>beeping</b>')))
    expect(mail.to).toEqual([CONTACT_TO])
    expect(mail.headers).toMatch(/Subject: Website chat after hours from Night Owl/)
    expect(mail.headers).not.toMatch(/text\/html/)
    expect(mail.text).toContain(`/admin/chats/${String(conversation!._id)}`)
  })

  it('sends a reply the visitor did not see to their e-mail with a single-use link back to the conversation', async () => {
    const cookie = await visitorWrites({ message: 'Please call me back', name: 'Away Visitor', email: 'away@example.com' })
    const conversation = (await ChatConversation.findOne({ name: 'Away Visitor' }).lean())!
    await confirmAddress('away@example.com')
    await staffReplies(String(conversation._id), 'We tried; please pick a time.\nMornings work best.')
    // Not yet: the visitor has 2 minutes to see it live.
    expect(await emailUnseenReplies(new Date())).toEqual({ seen: 0, emailed: 0, unreachable: 0 })
    expect(await emailUnseenReplies(inThreeMinutes())).toMatchObject({ emailed: 1 })
    await deliverDueOutboxMessages(settings)
    const mail = await waitFor(() => smtp.received.find((each) => each.to.includes('away@example.com') && each.text.includes('resume=')))
    expect(mail.headers).not.toMatch(/text\/html/)
    expect(mail.text.replace(/\r\n/g, '\n')).toContain('We tried; please pick a time.\nMornings work best.')
    expect(mail.text).toContain('test-owner:')
    // The job ran in this test's process, whose SITE_URL differs from the server's: the path and token count.
    const token = /\/chat\?resume=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    expect(token).toBeDefined()
    const link = `${app.url}/chat?resume=${token}`
    // Settled once: the next run sends nothing more.
    expect(await emailUnseenReplies(inThreeMinutes())).toEqual({ seen: 0, emailed: 0, unreachable: 0 })

    // Opening the link shows a button and uses nothing up (mail scanners follow links).
    const page = await fetch(link)
    expect(await page.text()).toContain('Continue the conversation')
    const resume = () =>
      fetch(`${app.url}/chat`, { method: 'POST', body: new URLSearchParams({ intent: 'resume', token: token! }), redirect: 'manual' })
    const used = await resume()
    expect(used.status).toBe(303)
    const otherBrowser = used.headers.get('Set-Cookie')!.split(';')[0]!
    expect(otherBrowser).toBe(cookie)
    const transcript = (await (await fetch(`${app.url}/api/chat/messages`, { headers: { Cookie: otherBrowser } })).json()) as {
      messages: { text: string }[]
    }
    expect(transcript.messages.map((message) => message.text)).toContain('We tried; please pick a time.\nMornings work best.')
    // Single use.
    const again = await resume()
    expect(again.status).toBe(410)
    expect(again.headers.get('Set-Cookie')).toBeNull()
    expect(
      (await fetch(`${app.url}/chat`, { method: 'POST', body: new URLSearchParams({ intent: 'resume', token: 'x'.repeat(43) }) })).status,
    ).toBe(410)
  })

  it('sends nothing when the visitor was connected when the reply came, or gave no address', async () => {
    const cookie = await visitorWrites({ message: 'Watching the chat', name: 'Present Visitor', email: 'present@example.com' })
    const present = (await ChatConversation.findOne({ name: 'Present Visitor' }).lean())!
    const stream = await openEventStream(`${app.url}/api/chat/events`, { Cookie: cookie })
    await stream.next('status')
    await staffReplies(String(present._id), 'Here is your answer, live.')
    await stream.next('message')
    // Handed to the open stream is seen: marked at once, not at the stream's close or a heartbeat.
    await waitFor(async () => (await ConversationMessage.findOne({ text: 'Here is your answer, live.' }).lean())?.replyDelivery === 'seen')
    stream.close()

    await visitorWrites({ message: 'No address given' })
    const anonymous = (await ChatConversation.findOne({ email: { $exists: false } })
      .sort({ createdAt: -1 })
      .lean())!
    await staffReplies(String(anonymous._id), 'Answer for nobody')

    const before = smtp.received.length
    await waitFor(async () => (await ChatConversation.findById(present._id).lean())?.visitorSeenAt)
    // The live reply was settled when its stream was handed it; the job settles the other one.
    expect(await emailUnseenReplies(inThreeMinutes())).toMatchObject({ seen: 0, emailed: 0, unreachable: 1 })
    expect(await ConversationMessage.findOne({ text: 'Here is your answer, live.' }).lean()).toMatchObject({ replyDelivery: 'seen' })
    await deliverDueOutboxMessages(settings)
    expect(
      smtp.received.slice(before).filter((mail) => mail.text.includes('Here is your answer') || mail.text.includes('Answer for nobody')),
    ).toEqual([])
  })

  it('L7: mails one confirmation link, nothing else before the address is confirmed, and the missed reply after', async () => {
    const cookie = await visitorWrites({ message: 'Please write back', name: 'Casey Confirm', email: 'casey@example.com' })
    const conversation = (await ChatConversation.findOne({ name: 'Casey Confirm' }).lean())!
    const { mail, url } = await confirmationLink('casey@example.com')
    expect(mail.headers).toMatch(/Subject: Confirm your e-mail address/)
    expect(mail.headers).not.toMatch(/text\/html/)
    // The visitor is told in the chat: the widget's transcript read, and the page without JavaScript.
    const transcript = (await (await fetch(`${app.url}/api/chat/messages`, { headers: { Cookie: cookie } })).json()) as {
      emailConfirmation: unknown
    }
    expect(transcript.emailConfirmation).toEqual({ email: 'casey@example.com', sent: true })
    const chatPage = await (await fetch(`${app.url}/chat`, { headers: { Cookie: cookie } })).text()
    expect(chatPage).toContain('We have e-mailed a link to casey@example.com to confirm your address')

    await staffReplies(String(conversation._id), 'Reply for an unconfirmed address')
    expect(await emailUnseenReplies(inThreeMinutes())).toMatchObject({ emailed: 0, unreachable: 1 })
    await deliverDueOutboxMessages(settings)
    const toCasey = () => OutboxMessage.countDocuments({ 'payload.to': 'casey@example.com' })
    expect(await toCasey()).toBe(1)

    // Following the link (as a mail scanner does) changes nothing.
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(await page.text()).toContain('Confirm my e-mail address')
    expect((await ChatConversation.findById(conversation._id).lean())!.emailConfirmedAt).toBeUndefined()

    const confirmed = await fetch(url, { method: 'POST', body: new URLSearchParams() })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain('Address confirmed')
    expect((await ChatConversation.findById(conversation._id).lean())!.emailConfirmedAt).toBeInstanceOf(Date)
    // The reply missed while unconfirmed goes out now, once; the visitor's next message asks nothing again.
    expect(await emailUnseenReplies(inThreeMinutes())).toMatchObject({ emailed: 1 })
    expect(await emailUnseenReplies(inThreeMinutes())).toMatchObject({ emailed: 0 })
    await visitorWrites({ message: 'Thanks', email: 'casey@example.com' }, cookie)
    expect(await toCasey()).toBe(2)
    await deliverDueOutboxMessages(settings)
    const reply = await waitFor(() => smtp.received.find((each) => each.to.includes('casey@example.com') && each.text.includes('resume=')))
    expect(reply.text).toContain('Reply for an unconfirmed address')
  })

  it('L7: a tampered link is refused with 400, an expired one with 410, and neither confirms anything', async () => {
    await visitorWrites({ message: 'Hello', name: 'Tamper Test', email: 'tamper@example.com' })
    const conversation = (await ChatConversation.findOne({ name: 'Tamper Test' }).lean())!
    const { url } = await confirmationLink('tamper@example.com')
    const link = new URL(url)
    const signature = link.searchParams.get('signature')!
    link.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`)
    const other = new URL(url)
    other.searchParams.set('c', 'a'.repeat(24))
    for (const tampered of [link.toString(), other.toString(), `${app.url}/chat/confirm-email?c=%24ne&a=x`]) {
      const page = await fetch(tampered)
      expect(page.status, tampered).toBe(400)
      expect(await page.text()).toMatch(/This link is (not valid|incomplete)/)
      expect((await fetch(tampered, { method: 'POST', body: new URLSearchParams() })).status, tampered).toBe(400)
    }

    const c = String(conversation._id)
    const a = new URL(url).searchParams.get('a')!
    const expires = Math.floor(Date.now() / 1000) - 60
    // Signed as the server signs, with the test servers' session secret.
    const expiredSignature = createHmac('sha256', TEST_SESSION_SECRET)
      .update(`chat-email-confirm:v1:${c}:${a}:${expires}`)
      .digest('base64url')
    const expired = `${app.url}/chat/confirm-email?${new URLSearchParams({ c, a, expires: String(expires), signature: expiredSignature })}`
    const page = await fetch(expired)
    expect(page.status).toBe(410)
    expect(await page.text()).toContain('This link has expired')
    expect((await fetch(expired, { method: 'POST', body: new URLSearchParams() })).status).toBe(410)
    expect((await ChatConversation.findById(conversation._id).lean())!.emailConfirmedAt).toBeUndefined()
  })

  it('L7: confirmation e-mails are limited per conversation and per address', async () => {
    const victim = 'flood-target@example.com'
    // Three conversations may each ask once; the fourth is refused for the address's sake.
    for (let i = 0; i < 4; i += 1) await visitorWrites({ message: `Hi ${i}`, name: `Flood ${i}`, email: victim })
    expect(await OutboxMessage.countDocuments({ 'payload.to': victim })).toBe(3)
    const fourth = (await ChatConversation.findOne({ name: 'Flood 3' }).lean())!
    expect(fourth.emailConfirmationSentAt).toBeUndefined()

    // One conversation cycling through addresses: three a day.
    const cookie = await visitorWrites({ message: 'First', name: 'Cycler', email: 'cycle-0@example.com' })
    for (let i = 1; i < 5; i += 1) await visitorWrites({ message: `Again ${i}`, email: `cycle-${i}@example.com` }, cookie)
    expect(await OutboxMessage.countDocuments({ 'payload.to': /^cycle-\d@example\.com$/ })).toBe(3)
    const page = await (await fetch(`${app.url}/chat`, { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Your address cycle-4@example.com is not confirmed, so we answer here only')
  })
})
