import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage } from '#app/domain/chat'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { openEventStream } from '#tests/support/event-stream'
import { signInOverHttp } from '#tests/support/staff-session'

// The live support chat against the built server and a real database: a visitor writes, staff
// answer through the API, the visitor's event stream brings the answer; reconnecting resumes from
// the last event; bad input and strangers' cookies are refused. (Several instances:
// several-instances.test.ts; in browsers: tests/e2e/live-chat.spec.ts.)

const mongodbUri = setupTestDatabase('live_chat')

let app: AppServer
let staffCookie: string

beforeAll(async () => {
  // Support always open, so "online" depends only on staff having the chat page open.
  app = await startAppServer({ mongodbUri, env: { TRUST_PROXY: '1', SUPPORT_HOURS: 'always' } })
  staffCookie = await signInOverHttp(app.url)
})

afterAll(async () => {
  await app?.stop()
})

function address() {
  return `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

async function visitorWrites(body: Record<string, unknown>, { cookie, ip = address() }: { cookie?: string; ip?: string } = {}) {
  const response = await fetch(`${app.url}/api/teams-chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  })
  const setCookie = response.headers.get('Set-Cookie')?.split(';')[0]
  return { response, body: (await response.json()) as Record<string, unknown>, cookie: cookie ?? setCookie }
}

async function newConversation(name = 'Alex Kim') {
  const first = await visitorWrites({ message: 'Our VPN is down', name, email: 'alex@dealer.example' })
  expect(first.response.status).toBe(200)
  const conversation = await ChatConversation.findOne({ name }).sort({ createdAt: -1 }).lean()
  return { cookie: first.cookie!, id: String(conversation!._id), first }
}

function staffPost(path: string, body?: unknown) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { Cookie: staffCookie, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

function transcriptOf(cookie?: string) {
  return fetch(`${app.url}/api/chat/messages`, { headers: cookie ? { Cookie: cookie } : {} })
}

describe('the visitor side', () => {
  it('keeps one conversation per visitor cookie and restores its transcript; strangers and forged cookies read nothing', async () => {
    const { cookie, first } = await newConversation('Morgan Transcript')
    expect(first.body).toMatchObject({
      ok: true,
      message: { from: 'visitor', text: 'Our VPN is down' },
      autoReply: { from: 'system', text: expect.stringContaining('Morgan Transcript') },
    })
    const second = await visitorWrites({ message: 'Still down <b>now</b>' }, { cookie })
    expect(second.body.autoReply).toBeUndefined()

    const restored = (await (await transcriptOf(cookie)).json()) as { messages: ChatMessage[]; online: boolean; contactKnown: boolean }
    expect(restored.messages.map((message) => [message.from, message.text])).toEqual([
      ['visitor', 'Our VPN is down'],
      ['system', expect.stringContaining('Thanks, Morgan Transcript!')],
      ['visitor', 'Still down <b>now</b>'],
    ])
    expect(restored).toMatchObject({ online: false, contactKnown: true })

    // A character inside the signature: the last one's low bits are base64 padding, which decoding
    // ignores, so changing only those (A for B) would leave the signature valid one time in 16.
    const tampered = cookie.slice(0, -5) + (cookie.at(-5) === 'A' ? 'Q' : 'A') + cookie.slice(-4)
    for (const stranger of [undefined, 'en_chat_visitor=forged', tampered]) {
      const answer = (await (await transcriptOf(stranger)).json()) as { messages: unknown[] }
      expect(answer.messages).toEqual([])
      expect((await fetch(`${app.url}/api/chat/events`, { headers: stranger ? { Cookie: stranger } : {} })).status).toBe(204)
    }
  })

  it('refuses empty, blank and over-long messages with a readable message, and stores a retried send once', async () => {
    const { cookie } = await newConversation('Casey Limits')
    const blank = await visitorWrites({ message: ' \n\t ' }, { cookie })
    expect(blank.response.status).toBe(400)
    expect(blank.body).toMatchObject({ ok: false, message: 'Message is required' })
    const long = await visitorWrites({ message: 'x'.repeat(2001) }, { cookie })
    expect(long.response.status).toBe(400)
    expect(long.body.message).toBe('Message must be at most 2000 characters')

    const clientMessageId = 'c0ffee00-1111-4222-8333-444455556666'
    const once = await visitorWrites({ message: 'Sent over a bad connection', clientMessageId }, { cookie })
    const again = await visitorWrites({ message: 'Sent over a bad connection', clientMessageId }, { cookie })
    expect((again.body.message as ChatMessage).id).toBe((once.body.message as ChatMessage).id)
    expect(await ConversationMessage.countDocuments({ text: 'Sent over a bad connection' })).toBe(1)
  })
})

describe('live replies', () => {
  it('reach the visitor’s event stream within 2 s, with the staff member’s name, through compression', async () => {
    const { cookie, id } = await newConversation('Riley Live')
    const events = await openEventStream(`${app.url}/api/chat/events`, { Cookie: cookie, 'X-Forwarded-For': address() })
    expect(events.response.status).toBe(200)
    expect(events.response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
    expect(events.response.headers.get('Content-Encoding')).toBeNull()
    expect(await events.next('status')).toMatchObject({ data: expect.stringContaining('"online":false') })

    const sentAt = Date.now()
    const reply = await staffPost(`/api/admin/chats/${id}/messages`, { text: 'Restart the router, please.' })
    expect(reply.status).toBe(201)
    const sent = ((await reply.json()) as { message: ChatMessage }).message
    const event = await events.next('message', 2000)
    expect(event.receivedAt - sentAt).toBeLessThan(2000)
    expect(event.json()).toEqual({ ...sent, staffName: 'test-owner' })
    expect(sent).toMatchObject({ from: 'staff', text: 'Restart the router, please.', staffName: 'test-owner' })
    expect(Number(event.id)).toBeGreaterThan(0)
    const stored = await ConversationMessage.findById(sent.id).lean()
    expect(stored?.staffId).toMatch(/^[0-9a-f]{24}$/)
    events.close()
  })

  it('resume from Last-Event-ID: what was sent while away arrives once, in order, and nothing earlier again', async () => {
    const { cookie, id } = await newConversation('Sam Resume')
    const first = await openEventStream(`${app.url}/api/chat/events`, { Cookie: cookie })
    await staffPost(`/api/admin/chats/${id}/messages`, { text: 'One' })
    const seen = await first.next('message')
    first.close()

    await staffPost(`/api/admin/chats/${id}/messages`, { text: 'Two' })
    await staffPost(`/api/admin/chats/${id}/messages`, { text: 'Three' })
    const again = await openEventStream(`${app.url}/api/chat/events`, { Cookie: cookie, 'Last-Event-ID': seen.id! })
    const texts = [(await again.next('message')).json(), (await again.next('message')).json()].map(
      (message) => (message as ChatMessage).text,
    )
    expect(texts).toEqual(['Two', 'Three'])
    await expect(again.next('message', 1200)).rejects.toThrow(/no message event/)
    again.close()
  })

  it('tell visitors staff are online while a staff member has the chat page’s stream open', async () => {
    const { cookie } = await newConversation('Jo Presence')
    const visitor = await openEventStream(`${app.url}/api/chat/events`, { Cookie: cookie })
    expect((await visitor.next('status')).json()).toMatchObject({ online: false, nextReplyBy: expect.any(String) })
    const staff = await openEventStream(`${app.url}/api/admin/chats/events`, { Cookie: staffCookie })
    expect(staff.response.status).toBe(200)
    expect((await visitor.next('status', 3000)).json()).toEqual({ online: true })
    expect(((await (await transcriptOf(cookie)).json()) as { online: boolean }).online).toBe(true)

    // A visitor message reaches the staff stream with its conversation.
    await visitorWrites({ message: 'Are you there?' }, { cookie })
    const event = await staff.next('message')
    expect(event.json()).toMatchObject({ from: 'visitor', text: 'Are you there?', conversationId: expect.any(String) })

    staff.close()
    expect((await visitor.next('status', 5000)).json()).toMatchObject({ online: false })
    visitor.close()
  })
})

describe('the page a visitor is on', () => {
  const reportPage = (page: unknown, cookie?: string) =>
    fetch(`${app.url}/api/chat/page`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address(), ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ page }),
    })

  it('follows client-side navigation: staff see the path the browser reports, nothing else', async () => {
    const { id, cookie } = await newConversation('Page Mover')
    expect((await reportPage('/news/ftc-safeguards-rule?utm=x#top', cookie)).status).toBe(204)
    expect((await ChatConversation.findById(id).lean())?.currentPage).toBe('/news/ftc-safeguards-rule')

    for (const hostile of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '', '/'.repeat(2001), 42]) {
      const refused = await reportPage(hostile, cookie)
      expect(refused.status, String(hostile).slice(0, 20)).toBe(400)
      expect(await refused.json()).toMatchObject({ message: expect.any(String) })
    }
    expect((await ChatConversation.findById(id).lean())?.currentPage).toBe('/news/ftc-safeguards-rule')
    // No conversation (no cookie, or a forged one): nothing to note, nothing said about it.
    expect((await reportPage('/privacy-policy')).status).toBe(204)
    expect((await reportPage('/privacy-policy', 'en_chat_visitor=forged')).status).toBe(204)
    expect((await fetch(`${app.url}/api/chat/page`)).status).toBe(405)
  })
})

describe('the staff API', () => {
  it('lists conversations with unread counts and answers one with its transcript', async () => {
    const { id } = await newConversation('Dana List')
    const list = (await (await fetch(`${app.url}/api/admin/chats`, { headers: { Cookie: staffCookie } })).json()) as {
      conversations: { id: string; unread: number; name: string; email: string; currentPage: string | null }[]
    }
    expect(list.conversations[0]).toMatchObject({ id, name: 'Dana List', email: 'alex@dealer.example', unread: 1 })
    const one = (await (await fetch(`${app.url}/api/admin/chats/${id}`, { headers: { Cookie: staffCookie } })).json()) as {
      conversation: { messages: ChatMessage[] }
    }
    expect(one.conversation.messages.map((message) => message.from)).toEqual(['visitor', 'system'])
    expect((await fetch(`${app.url}/api/admin/chats`)).status).toBe(401)
    expect((await fetch(`${app.url}/api/admin/chats/events`)).status).toBe(401)
  })

  it('counts each conversation’s unread visitor messages and shows its last message, in one list', async () => {
    type Listed = { id: string; unread: number; lastMessage: ChatMessage | null }
    const list = async () =>
      ((await (await fetch(`${app.url}/api/admin/chats`, { headers: { Cookie: staffCookie } })).json()) as { conversations: Listed[] })
        .conversations
    const quiet = await newConversation('Kai One')
    const busy = await newConversation('Kai Three')
    await visitorWrites({ message: 'Second' }, { cookie: busy.cookie })
    await visitorWrites({ message: 'Third' }, { cookie: busy.cookie })
    const answered = await newConversation('Kai Answered')
    expect((await staffPost(`/api/admin/chats/${answered.id}/messages`, { text: 'Looking into it' })).status).toBe(201)

    let listed = await list()
    const of = (id: string) => listed.find((conversation) => conversation.id === id)!
    expect(listed.slice(0, 3).map((conversation) => conversation.id)).toEqual([answered.id, busy.id, quiet.id])
    expect(of(quiet.id)).toMatchObject({ unread: 1, lastMessage: { from: 'system' } })
    expect(of(busy.id)).toMatchObject({ unread: 3, lastMessage: { from: 'visitor', text: 'Third' } })
    // Answering reads what came before.
    expect(of(answered.id)).toMatchObject({ unread: 0, lastMessage: { from: 'staff', text: 'Looking into it' } })

    await visitorWrites({ message: 'Thanks!' }, { cookie: answered.cookie })
    // Opening a conversation on its page reads it.
    expect((await fetch(`${app.url}/admin/chats/${busy.id}`, { headers: { Cookie: staffCookie } })).status).toBe(200)
    listed = await list()
    expect(of(answered.id)).toMatchObject({ unread: 1, lastMessage: { text: 'Thanks!' } })
    expect(of(busy.id).unread).toBe(0)
  })

  it('answers 404 for unknown conversations, 409 for closed ones and 400 for bad replies; never a 5xx', async () => {
    const { id, cookie } = await newConversation('Lee Closed')
    expect((await staffPost('/api/admin/chats/000000000000000000000000/messages', { text: 'Hi' })).status).toBe(404)
    expect((await staffPost('/api/admin/chats/not-an-id/messages', { text: 'Hi' })).status).toBe(404)
    expect((await staffPost('/api/admin/chats/%24where/close')).status).toBe(404)
    expect((await staffPost(`/api/admin/chats/${id}/messages`, { text: '   ' })).status).toBe(400)
    expect((await staffPost(`/api/admin/chats/${id}/messages`, { text: 'y'.repeat(2001) })).status).toBe(400)
    expect((await staffPost(`/api/admin/chats/${id}/messages`, { text: { $gt: '' } })).status).toBe(400)

    expect((await staffPost(`/api/admin/chats/${id}/close`)).status).toBe(200)
    const refused = await staffPost(`/api/admin/chats/${id}/messages`, { text: 'Anything else?' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('closed') })

    // The visitor writing again reopens it.
    await visitorWrites({ message: 'One more thing' }, { cookie })
    expect((await ChatConversation.findById(id).lean())?.status).toBe('open')
    expect((await staffPost(`/api/admin/chats/${id}/messages`, { text: 'Go ahead' })).status).toBe(201)
  })
})

describe('shutdown', () => {
  it('ends open event streams with a retry hint and stops cleanly, instead of waiting for them', async () => {
    const { cookie } = await newConversation('Pat Shutdown')
    const visitor = await openEventStream(`${app.url}/api/chat/events`, { Cookie: cookie })
    const staff = await openEventStream(`${app.url}/api/admin/chats/events`, { Cookie: staffCookie })
    await visitor.next('status')
    const stoppedAt = Date.now()
    expect(await app.stop()).toBe(0)
    await Promise.all([visitor.ended, staff.ended])
    // Not the 10 s cut-off for requests in flight.
    expect(Date.now() - stoppedAt).toBeLessThan(5000)
    expect(visitor.retries.at(-1)).toBeGreaterThanOrEqual(1000)
    expect(app.output()).toContain('Stopped cleanly')
  })
})
