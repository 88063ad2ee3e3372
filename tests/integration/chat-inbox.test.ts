import { randomInt } from 'node:crypto'
import { Types } from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage } from '#app/domain/chat'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { SavedReply } from '#app/chat/saved-reply-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { User } from '#app/staff/user-model.server'
import { type AppServer, startAppServer, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

// The staff chat inbox against the built server and a real database, through its forms as a
// browser without JavaScript posts them: the list's preview, page title and filters, assignment
// (audited), the display-name gate before a first reply, and saved replies with their limits.
// (In browsers: tests/e2e/staff-chats.spec.ts.)

const mongodbUri = setupTestDatabase('chat_inbox')

let app: AppServer
let staffCookie: string
let colleagueId = ''

beforeAll(async () => {
  app = await startAppServer({ mongodbUri, env: { TRUST_PROXY: '1', SUPPORT_HOURS: 'always' } })
  staffCookie = await signInOverHttp(app.url)
  colleagueId = String((await User.create({ username: 'dana', name: 'Dana Desk', role: 'staff' }))._id)
})

afterAll(async () => {
  if (process.env.SHOW_SERVER_OUTPUT) console.log(app?.output())
  await app?.stop()
})

async function visitorWrites(body: Record<string, unknown>, cookie?: string) {
  const response = await fetch(`${app.url}/api/teams-chat`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return cookie ?? response.headers.get('Set-Cookie')!.split(';')[0]!
}

async function newConversation(name: string, message = 'Our printer is offline', page = '/news') {
  const cookie = await visitorWrites({ message, name, email: `${name.split(' ')[0]!.toLowerCase()}@dealer.example`, page })
  const conversation = await ChatConversation.findOne({ name }).lean()
  return { id: String(conversation!._id), cookie }
}

/** A form post as a browser sends it (same origin), answered without following redirects. */
function post(path: string, fields: Record<string, string> = {}, raw?: string) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { Cookie: staffCookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url },
    body: raw ?? new URLSearchParams(fields),
    redirect: 'manual',
  })
}

function page(path: string) {
  return fetch(`${app.url}${path}`, { headers: { Cookie: staffCookie } })
}

type Listed = {
  id: string
  status: string
  currentPage: string | null
  currentPageTitle: string | null
  lastMessage: ChatMessage | null
  lastVisitorMessage: ChatMessage | null
  awaitingReply: boolean
  assignee: { id: string; name: string } | null
}

async function listed(show = '') {
  const response = await fetch(`${app.url}/api/admin/chats${show ? `?show=${show}` : ''}`, { headers: { Cookie: staffCookie } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { conversations: Listed[] }).conversations
}

describe('the list', () => {
  it('previews the visitor’s own message, not the acknowledgement, and names the page by its title', async () => {
    const { id } = await newConversation('Pia Preview', 'Is the <b>VPN</b> down?')
    const item = (await listed()).find((conversation) => conversation.id === id)!
    // The acknowledgement is the last message; the preview is still the visitor's.
    expect(item.lastMessage).toMatchObject({ from: 'system' })
    expect(item).toMatchObject({
      currentPage: '/news',
      currentPageTitle: 'News and Insights',
      lastVisitorMessage: { from: 'visitor', text: 'Is the <b>VPN</b> down?' },
      awaitingReply: true,
      assignee: null,
    })
    const html = await (await page('/admin/chats')).text()
    expect(html).toContain('on News and Insights')
    expect(html).toContain('Is the &lt;b&gt;VPN&lt;/b&gt; down?')
    expect(html).not.toContain('on /news')
  })

  it('filters open, closed and mine, on the page and in the API', async () => {
    const open = await newConversation('Otto Open')
    const closed = await newConversation('Cleo Closed')
    expect((await post(`/admin/chats/${closed.id}/close`)).status).toBe(303)
    const ids = async (show: string) => (await listed(show)).map((conversation) => conversation.id)
    expect(await ids('open')).toContain(open.id)
    expect(await ids('open')).not.toContain(closed.id)
    expect(await ids('closed')).toEqual(expect.arrayContaining([closed.id]))
    expect(await ids('closed')).not.toContain(open.id)
    expect(await ids('mine')).not.toContain(open.id)
    // An unknown filter shows everything.
    expect(await ids('bogus')).toEqual(expect.arrayContaining([open.id, closed.id]))
    const closedPage = await (await page('/admin/chats?show=closed')).text()
    expect(closedPage).toContain('Cleo Closed')
    expect(closedPage).not.toContain('Otto Open')
    expect((await post(`/admin/chats/${closed.id}/reopen`)).status).toBe(303)
    expect(await ids('open')).toContain(closed.id)
  })
})

describe('assignment', () => {
  it('gives a conversation to a staff member, shows it under mine, and writes each change to the audit trail', async () => {
    const { id } = await newConversation('Ada Assigned')
    const owner = await User.findOne({ username: TEST_STAFF.username }).lean()
    const ownerId = String(owner!._id)

    expect((await post(`/admin/chats/${id}/assign`, { assignee: colleagueId })).status).toBe(303)
    expect((await listed()).find((conversation) => conversation.id === id)?.assignee).toEqual({ id: colleagueId, name: 'Dana Desk' })
    expect((await listed('mine')).map((conversation) => conversation.id)).not.toContain(id)

    expect((await post(`/admin/chats/${id}/assign`, { assignee: ownerId })).status).toBe(303)
    expect((await listed('mine')).map((conversation) => conversation.id)).toContain(id)
    // "Nobody" is an empty value; a post without the field is refused, not taken for it.
    expect((await post(`/admin/chats/${id}/assign`, {})).status).toBe(400)
    expect((await post(`/admin/chats/${id}/assign`, {}, 'assignee')).status).toBe(303)
    expect((await ChatConversation.findById(id).lean())?.assigneeId).toBeUndefined()
    expect((await post(`/admin/chats/${id}/assign`, { assignee: ownerId })).status).toBe(303)
    expect((await post(`/admin/chats/${id}/assign`, { assignee: '' })).status).toBe(303)
    expect((await ChatConversation.findById(id).lean())?.assigneeId).toBeUndefined()

    const events = await AuditEvent.find({ target: `chat:${id}` })
      .sort({ at: 1 })
      .lean()
    expect(events.map((event) => [event.kind, event.action])).toEqual([
      ['chat', 'assigned chat'],
      ['chat', 'assigned chat'],
      ['chat', 'unassigned chat'],
      ['chat', 'assigned chat'],
      ['chat', 'unassigned chat'],
    ])
    expect(events[0]!.changes).toEqual({ assignee: { before: null, after: colleagueId } })
  })

  it('refuses hostile and mistaken assignments with the right status', async () => {
    const { id } = await newConversation('Hal Hostile')
    const disabled = await User.create({ username: 'gone', name: 'Gone Away', disabled: true })
    expect((await post(`/admin/chats/${id}/assign`, { assignee: 'not-an-id' })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/assign`, { assignee: '{"$ne":null}' })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/assign`, { assignee: String(new Types.ObjectId()) })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/assign`, { assignee: String(disabled._id) })).status).toBe(400)
    expect((await post(`/admin/chats/${String(new Types.ObjectId())}/assign`, { assignee: colleagueId })).status).toBe(404)
    expect((await post(`/admin/chats/not-an-id/assign`, { assignee: colleagueId })).status).toBe(404)
    expect((await ChatConversation.findById(id).lean())?.assigneeId).toBeUndefined()
    // Signed out: to the sign-in page, nothing changed.
    const stranger = await fetch(`${app.url}/admin/chats/${id}/assign`, {
      method: 'POST',
      body: new URLSearchParams({ assignee: colleagueId }),
      redirect: 'manual',
    })
    expect(stranger.headers.get('Location')).toMatch(/^\/admin-login/)
    expect(await AuditEvent.countDocuments({ target: `chat:${id}` })).toBe(0)
  })
})

describe('the first reply', () => {
  it('asks a staff member without a display name for one, refuses role names, then signs replies with it', async () => {
    const { id } = await newConversation('Nora Name')
    const before = await (await page(`/admin/chats/${id}`)).text()
    expect(before).toContain('Your name, as visitors will see it')
    expect(before).not.toContain('Your reply')

    const refused = await post(`/admin/chats/${id}/reply`, { text: 'Hello!' })
    expect(refused.status).toBe(409)
    expect(await ConversationMessage.countDocuments({ text: 'Hello!' })).toBe(0)

    for (const name of ['admin', ' Administrator ', 'x', 'n'.repeat(61), 'Line\nbreak'])
      expect((await post(`/admin/chats/${id}/display-name`, { name })).status, JSON.stringify(name)).toBe(400)
    expect((await User.findOne({ username: TEST_STAFF.username }).lean())?.name).toBeFalsy()

    expect((await post(`/admin/chats/${id}/display-name`, { name: '  Olive Owner ' })).status).toBe(303)
    expect((await User.findOne({ username: TEST_STAFF.username }).lean())?.name).toBe('Olive Owner')
    expect(await AuditEvent.countDocuments({ kind: 'account', action: 'set display name' })).toBe(1)

    const after = await (await page(`/admin/chats/${id}`)).text()
    expect(after).toContain('Your reply')
    expect(after).toContain('Signed “Olive Owner”')
    const sent = await post(`/admin/chats/${id}/reply`, { text: 'Hello!' })
    expect(sent.status).toBe(303)
    expect(sent.headers.get('Location')).toBe(`/admin/chats/${id}#latest`)
    expect(await ConversationMessage.findOne({ text: 'Hello!' }).lean()).toMatchObject({ from: 'staff', staffName: 'Olive Owner' })
    // The list no longer waits on it.
    expect((await listed()).find((conversation) => conversation.id === id)?.awaitingReply).toBe(false)
  })

  it('refuses empty, oversized and hostile replies', async () => {
    const { id } = await newConversation('Rex Reply')
    expect((await post(`/admin/chats/${id}/reply`, { text: '   ' })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/reply`, { text: 'y'.repeat(2001) })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/reply`, { savedReply: 'not-an-id' })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/reply`, { savedReply: String(new Types.ObjectId()) })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/reply`, {}, `text=${'z'.repeat(40_000)}`)).status).toBe(413)
    expect((await post(`/admin/chats/${String(new Types.ObjectId())}/reply`, { text: 'Hi' })).status).toBe(404)
    expect(await ConversationMessage.countDocuments({ conversationId: new Types.ObjectId(id), from: 'staff' })).toBe(0)
  })

  it('answers a refused reply with the page, its text back in the reply box and why beside it', async () => {
    const { id } = await newConversation('Kim Kept')
    const typed = `Restart the printer &amp; tell me. ${'y'.repeat(2000)}`
    const refused = await post(`/admin/chats/${id}/reply`, { text: typed })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    const box = /<textarea[^>]*id="reply-text"[^>]*>([^<]*)<\/textarea>/.exec(html)
    expect(box?.[0]).toContain('aria-invalid="true"')
    expect(box?.[1]).toBe(`Restart the printer &amp;amp; tell me. ${'y'.repeat(2000)}`)
    expect(html).toContain('A reply is at most 2000 characters')
    expect(await ConversationMessage.countDocuments({ conversationId: new Types.ObjectId(id), from: 'staff' })).toBe(0)
  })
})

describe('saved replies', () => {
  it('are kept for the team, fill the reply box, are sent on their own without JavaScript, and are deleted', async () => {
    const { id } = await newConversation('Sal Saved')
    const saved = await post(`/admin/chats/${id}/saved-replies`, {
      title: 'Opening hours',
      text: 'We are open 8 AM to 6 PM, Monday to Friday.',
    })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('Location')).toBe(`/admin/chats/${id}#saved-replies`)
    const stored = await SavedReply.findOne({ title: 'Opening hours' }).lean()
    expect(stored).toMatchObject({ authorName: 'Olive Owner' })
    const html = await (await page(`/admin/chats/${id}`)).text()
    expect(html).toContain('<option value="' + String(stored!._id) + '">Opening hours</option>')

    // Chosen in the select (or "Send now") with the box left empty: the saved text is sent.
    expect((await post(`/admin/chats/${id}/reply`, { text: '', savedReply: String(stored!._id) })).status).toBe(303)
    // What was typed wins over the choice (with JavaScript the choice fills the box, then it's edited).
    expect((await post(`/admin/chats/${id}/reply`, { text: 'Edited: open till 7 today.', savedReply: String(stored!._id) })).status).toBe(
      303,
    )
    const replies = await ConversationMessage.find({ conversationId: new Types.ObjectId(id), from: 'staff' })
      .sort({ seq: 1 })
      .lean()
    expect(replies.map((reply) => reply.text)).toEqual(['We are open 8 AM to 6 PM, Monday to Friday.', 'Edited: open till 7 today.'])

    expect((await post(`/admin/chats/${id}/saved-replies/${String(stored!._id)}/delete`)).status).toBe(303)
    expect(await SavedReply.countDocuments({ _id: stored!._id })).toBe(0)
    expect((await post(`/admin/chats/${id}/saved-replies/${String(stored!._id)}/delete`)).status).toBe(404)
    expect((await post(`/admin/chats/${id}/saved-replies/not-an-id/delete`)).status).toBe(404)
  })

  it('refuses oversized, blank, multi-line and duplicate titles, oversized texts and bodies, and more than the team’s limit', async () => {
    const { id } = await newConversation('Lim Limits')
    const add = (fields: Record<string, string>) => post(`/admin/chats/${id}/saved-replies`, fields)
    expect((await add({ title: 't'.repeat(61), text: 'ok' })).status).toBe(400)
    expect((await add({ title: '   ', text: 'ok' })).status).toBe(400)
    expect((await add({ title: 'Two\nlines', text: 'ok' })).status).toBe(400)
    expect((await add({ title: 'Too long', text: 'x'.repeat(2001) })).status).toBe(400)
    expect((await add({ title: 'No text' })).status).toBe(400)
    expect((await post(`/admin/chats/${id}/saved-replies`, {}, `title=Huge&text=${'x'.repeat(40_000)}`)).status).toBe(413)
    expect(await SavedReply.countDocuments({})).toBe(0)

    expect((await add({ title: 'Helpdesk', text: 'Call 770-555-0100.' })).status).toBe(303)
    const duplicate = await add({ title: 'Helpdesk', text: 'Another' })
    expect(duplicate.status).toBe(409)
    expect(await duplicate.text()).toContain('A saved reply with this title exists already.')

    await SavedReply.insertMany(Array.from({ length: 49 }, (_, index) => ({ title: `Stock ${index}`, text: 'Stock answer' })))
    const full = await add({ title: 'One too many', text: 'No room' })
    expect(full.status).toBe(409)
    expect(await full.text()).toContain('at most 50 saved replies')
    expect(await SavedReply.countDocuments({})).toBe(50)
  })
})
