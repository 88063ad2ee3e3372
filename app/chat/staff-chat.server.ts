import type { Types } from 'mongoose'
import type { SignedInAdmin } from '#app/staff/admin-session.server'
import type { ChatMessage } from '#app/domain/chat'
import { ChatConversation } from '#app/chat/chat-model.server'
import { User } from '#app/staff/user-model.server'
import { appendMessage, type ConversationRecord, findConversation, messageView, transcript, unreadAndLast } from './conversations.server'
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
}

/** Conversations a list shows: the most recently active. */
export const CONVERSATIONS_LISTED = 50

/** The name a visitor sees on a reply: the account's name if it has one, else its username. */
export async function staffDisplayName(staff: SignedInAdmin): Promise<string> {
  const account = await User.findById(staff.id, { name: 1, username: 1 }).lean()
  return account?.name?.trim() || account?.username || staff.username
}

/** What a list shows of each conversation, in the order given. */
async function summaries(conversations: ConversationRecord[]): Promise<ConversationSummary[]> {
  const { unread, last } = await unreadAndLast(conversations)
  return conversations.map((conversation) => {
    const id = String(conversation._id)
    const lastMessage = last.get(id)
    return {
      id,
      name: conversation.name || null,
      email: conversation.email || null,
      currentPage: conversation.currentPage || null,
      status: conversation.status,
      unread: unread.get(id) ?? 0,
      updatedAt: conversation.updatedAt.toISOString(),
      lastMessage: lastMessage ? messageView(lastMessage) : null,
    }
  })
}

/** Newest activity first, with unread counts (visitor messages after the last one staff saw). */
export async function listConversations(limit = CONVERSATIONS_LISTED): Promise<ConversationSummary[]> {
  const conversations = await ChatConversation.find({}, { messages: 0 }).sort({ updatedAt: -1 }).limit(limit).lean<ConversationRecord[]>()
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
  const staffName = await staffDisplayName(staff)
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
    const name = await staffDisplayName(staff)
    const text = status === 'closed' ? `${name} closed the conversation.` : `${name} reopened the conversation.`
    chatFeed.publish(await appendMessage(conversation._id as Types.ObjectId, { from: 'system', text }))
  }
  const updated = await findConversation(id)
  const [summary] = await summaries([updated!])
  return { ok: true, value: summary! }
}

export const closeConversation = (id: string, staff: SignedInAdmin) => setStatus(id, staff, 'closed')
export const reopenConversation = (id: string, staff: SignedInAdmin) => setStatus(id, staff, 'open')
