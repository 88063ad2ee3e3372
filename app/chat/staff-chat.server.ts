import type { Types } from 'mongoose'
import type { RouterContextProvider } from 'react-router'
import { type AuditActor, recordAudit } from '#app/staff/audit.server'
import type { SignedInAdmin } from '#app/staff/admin-session.server'
import type { ChatMessage } from '#app/domain/chat'
import { type InboxFilter, isRoleName } from '#app/domain/chat-inbox'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { User } from '#app/staff/user-model.server'
import { titlesFor } from '#app/analytics/visitor-analytics.server'
import {
  appendMessage,
  type ConversationRecord,
  findConversation,
  messageView,
  type StoredMessage,
  transcript,
  unreadAndLast,
} from './conversations.server'
import { chatFeed } from './live-feed.server'

// What staff do with conversations: list them, read one, answer, close and reopen. Replies are
// stored with the staff account's id and the name the visitor sees.

export type ConversationSummary = {
  id: string
  name: string | null
  email: string | null
  currentPage: string | null
  status: 'open' | 'closed'
  unread: number
  updatedAt: string
  lastMessage: ChatMessage | null
  /** The visitor's own last message (the list's preview: never the automatic acknowledgement). */
  lastVisitorMessage: ChatMessage | null
  /** True while the visitor's message is the last word: someone should answer. */
  awaitingReply: boolean
  /** The title of the page the visitor is on, as staff know it (the path when the page has none). */
  currentPageTitle: string | null
  /** The staff member answering it. */
  assignee: { id: string; name: string } | null
}

/** Conversations a list shows: the most recently active. */
export const CONVERSATIONS_LISTED = 50

/** The name a visitor sees on a reply: the account's name if it has one, else its username. */
export async function staffDisplayName(staff: SignedInAdmin): Promise<string> {
  const account = await User.findById(staff.id, { name: 1, username: 1 }).lean()
  return account?.name?.trim() || account?.username || staff.username
}

/** The account's own display name, or null when it has none yet (the inbox asks for one before a first reply). */
export async function ownDisplayName(staffId: string): Promise<string | null> {
  const account = await User.findById(staffId, { name: 1 }).lean()
  return account?.name?.trim() || null
}

/** What a reply is signed with: the display name; without one (the JSON API), the username unless it names a role. */
async function replySignature(staff: SignedInAdmin): Promise<string> {
  const account = await User.findById(staff.id, { name: 1, username: 1 }).lean()
  const name = account?.name?.trim()
  if (name) return name
  const username = account?.username ?? staff.username
  return isRoleName(username) ? 'Support team' : username
}

/**
 * Each conversation's last visitor message: the numbers of the visitors' messages first (no text;
 * FerretDB has no $max accumulator), then the one message of each.
 */
async function lastVisitorMessages(conversations: ConversationRecord[], last: Map<string, StoredMessage>) {
  const found = new Map<string, StoredMessage>()
  // Where the last message is the visitor's (the usual case while someone waits), it is the one.
  const searched: ConversationRecord[] = []
  for (const conversation of conversations) {
    const lastMessage = last.get(String(conversation._id))
    if (lastMessage?.from === 'visitor') found.set(String(conversation._id), lastMessage)
    else if (lastMessage) searched.push(conversation)
  }
  if (searched.length === 0) return found
  const numbers = await ConversationMessage.find(
    { conversationId: { $in: searched.map((conversation) => conversation._id) }, from: 'visitor' },
    { conversationId: 1, seq: 1 },
  ).lean<{ conversationId: Types.ObjectId; seq: number }[]>()
  const newest = new Map<string, { conversationId: Types.ObjectId; seq: number }>()
  for (const row of numbers) {
    const key = String(row.conversationId)
    if ((newest.get(key)?.seq ?? 0) < row.seq) newest.set(key, row)
  }
  if (newest.size === 0) return found
  const messages = await ConversationMessage.find(
    { $or: [...newest.values()].map((row) => ({ conversationId: row.conversationId, seq: row.seq })) },
    { conversationId: 1, seq: 1, from: 1, text: 1, at: 1 },
  ).lean<StoredMessage[]>()
  for (const message of messages) found.set(String(message.conversationId), message)
  return found
}

async function staffNames(ids: string[]) {
  const unique = [...new Set(ids)].filter((id) => /^[a-f\d]{24}$/i.test(id))
  if (unique.length === 0) return new Map<string, string>()
  const users = await User.find({ _id: { $in: unique } }, { name: 1, username: 1 }).lean()
  return new Map(users.map((user) => [String(user._id), user.name?.trim() || user.username]))
}

/** What a list shows of each conversation, in the order given. */
async function summaries(conversations: ConversationRecord[]): Promise<ConversationSummary[]> {
  const pages = [...new Set(conversations.flatMap((conversation) => (conversation.currentPage ? [conversation.currentPage] : [])))]
  const [{ unread, last }, titles, names] = await Promise.all([
    unreadAndLast(conversations),
    titlesFor(pages),
    staffNames(conversations.flatMap((conversation) => (conversation.assigneeId ? [conversation.assigneeId] : []))),
  ])
  const visitorLast = await lastVisitorMessages(conversations, last)
  return conversations.map((conversation) => {
    const id = String(conversation._id)
    const lastMessage = last.get(id)
    const lastVisitor = visitorLast.get(id)
    const page = conversation.currentPage || null
    const assigneeId = conversation.assigneeId || null
    return {
      id,
      name: conversation.name || null,
      email: conversation.email || null,
      currentPage: page,
      status: conversation.status,
      unread: unread.get(id) ?? 0,
      updatedAt: conversation.updatedAt.toISOString(),
      lastMessage: lastMessage ? messageView(lastMessage) : null,
      lastVisitorMessage: lastVisitor ? messageView(lastVisitor) : null,
      awaitingReply: conversation.status === 'open' && lastMessage !== undefined && lastMessage.from !== 'staff',
      currentPageTitle: page ? (titles.get(page) ?? page) : null,
      assignee: assigneeId ? { id: assigneeId, name: names.get(assigneeId) ?? 'A removed account' } : null,
    }
  })
}

/** Newest activity first, with unread counts (visitor messages after the last one staff saw), of those the filter shows. */
export async function listConversations({
  show = 'all',
  staffId,
  limit = CONVERSATIONS_LISTED,
}: { show?: InboxFilter; staffId?: string; limit?: number } = {}): Promise<ConversationSummary[]> {
  const query = show === 'open' || show === 'closed' ? { status: show } : show === 'mine' ? { assigneeId: staffId ?? 'nobody' } : {}
  const conversations = await ChatConversation.find(query, { messages: 0 })
    .sort({ updatedAt: -1 })
    .limit(limit)
    .lean<ConversationRecord[]>()
  return summaries(conversations)
}

export type ConversationDetail = ConversationSummary & { messages: ChatMessage[] }

/** One conversation with its transcript (the newest 200 messages), or null. `markRead` clears its unread count. */
export async function conversationDetail(id: string, { markRead = false } = {}): Promise<ConversationDetail | null> {
  const conversation = await findConversation(id)
  if (!conversation) return null
  const messages = await transcript(conversation._id)
  const lastSeq = conversation.lastSeq ?? 0
  if (markRead && lastSeq > conversation.staffReadSeq) {
    // Only forward: a page read a moment ago must not mark as unread what another tab has read since.
    await ChatConversation.updateOne({ _id: conversation._id, staffReadSeq: { $lt: lastSeq } }, { $set: { staffReadSeq: lastSeq } })
    conversation.staffReadSeq = lastSeq
  }
  const [summary] = await summaries([conversation])
  return { ...summary!, messages: messages.map(messageView) }
}

export type StaffActionResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string }

const NOT_FOUND = { ok: false, status: 404, message: 'No such conversation.' } as const

/** A reply from a staff member: 404 for an unknown conversation, 409 for a closed one. */
export async function replyToConversation(id: string, staff: SignedInAdmin, text: string): Promise<StaffActionResult<ChatMessage>> {
  const conversation = await findConversation(id)
  if (!conversation) return NOT_FOUND
  if (conversation.status === 'closed') return { ok: false, status: 409, message: 'This conversation is closed. Reopen it to reply.' }
  const staffName = await replySignature(staff)
  const message = await appendMessage(conversation._id, { from: 'staff', text, staffId: staff.id, staffName, replyDelivery: 'pending' })
  chatFeed.publish(message)
  // Answering means having read what came before.
  await ChatConversation.updateOne({ _id: conversation._id, staffReadSeq: { $lt: message.seq } }, { $set: { staffReadSeq: message.seq } })
  return { ok: true, value: messageView(message) }
}

async function setStatus(id: string, staff: SignedInAdmin, status: 'open' | 'closed'): Promise<StaffActionResult<ConversationSummary>> {
  const conversation = await findConversation(id)
  if (!conversation) return NOT_FOUND
  if (conversation.status !== status) {
    await ChatConversation.updateOne({ _id: conversation._id }, { $set: { status } })
    const name = await replySignature(staff)
    const text = status === 'closed' ? `${name} closed the conversation.` : `${name} reopened the conversation.`
    chatFeed.publish(await appendMessage(conversation._id as Types.ObjectId, { from: 'system', text }))
  }
  const updated = await findConversation(id)
  const [summary] = await summaries([updated!])
  return { ok: true, value: summary! }
}

export const closeConversation = (id: string, staff: SignedInAdmin) => setStatus(id, staff, 'closed')
export const reopenConversation = (id: string, staff: SignedInAdmin) => setStatus(id, staff, 'open')

type ChangedBy = { actor: NonNullable<AuditActor>; context: Pick<RouterContextProvider, 'get'> }

/** Gives a conversation to a staff member (or to nobody), in the audit trail. 400 for an account that can't own it. */
export async function assignConversation(
  id: string,
  assigneeId: string | null,
  { actor, context }: ChangedBy,
): Promise<{ ok: true } | { ok: false; status: 400 | 404; message: string }> {
  const conversation = await findConversation(id)
  if (!conversation) return NOT_FOUND
  if (assigneeId) {
    const owner = await User.exists({ _id: assigneeId, disabled: { $ne: true }, demo: { $ne: true } })
    if (!owner) return { ok: false, status: 400, message: 'Choose a staff member from the list.' }
  }
  const before = conversation.assigneeId ?? null
  if (before === assigneeId) return { ok: true }
  await ChatConversation.updateOne({ _id: conversation._id }, assigneeId ? { $set: { assigneeId } } : { $unset: { assigneeId: 1 } })
  await recordAudit({
    actor,
    context,
    kind: 'chat',
    action: assigneeId ? 'assigned chat' : 'unassigned chat',
    target: `chat:${id}`,
    changes: { assignee: { before, after: assigneeId } },
  })
  return { ok: true }
}

/** The name visitors read on one's replies, kept on the account; in the audit trail as an account change. */
export async function setOwnDisplayName(name: string, { actor, context }: ChangedBy) {
  const before = await User.findOneAndUpdate({ _id: actor.id }, { $set: { name } }).lean()
  if (!before) return false
  await recordAudit({
    actor,
    context,
    kind: 'account',
    action: 'set display name',
    target: `user:${actor.id}`,
    changes: { name: { before: before.name ?? '', after: name } },
  })
  return true
}
