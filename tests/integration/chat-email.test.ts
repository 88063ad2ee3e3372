import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailUnseenReplies, UNSEEN_REPLY_MS } from '#app/chat/reply-emails.server'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { deliverDueOutboxMessages, type OutboxSettings } from '#app/integrations/mail/outbox.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
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
    await staffReplies(String(conversation._id), 'We tried; please pick a time.\nMornings work best.')
    // Not yet: the visitor has 2 minutes to see it live.
    expect(await emailUnseenReplies(new Date())).toEqual({ seen: 0, emailed: 0, unreachable: 0 })
    expect(await emailUnseenReplies(inThreeMinutes())).toMatchObject({ emailed: 1 })
    await deliverDueOutboxMessages(settings)
    const mail = await waitFor(() => smtp.received.find((each) => each.to.includes('away@example.com')))
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
})
