import { type Types, isValidObjectId } from 'mongoose'
import { isDuplicateKeyError } from '#app/db/connection.server'
import type { ChatMessage } from '#app/domain/chat'
import { ChatConversation, ConversationMessage, type MessageAuthor } from '#app/models/chat.server'

// Conversations and their messages: the one place that numbers, stores and shapes them, for the
// visitor's widget and /chat, the staff pages and APIs, and the event feed.

/** Messages a transcript shows: the newest (a conversation's messages are kept whole). */
export const TRANSCRIPT_LIMIT = 200

export type StoredMessage = {
  _id: Types.ObjectId
  conversationId: Types.ObjectId
  seq: number
  from: MessageAuthor
  text: string
  at: Date
  staffName?: string | null
}

/** The API's shape of a message (text stays text: the pages render it as such, never as HTML). */
export function messageView(message: StoredMessage): ChatMessage {
  return {
    id: String(message._id),
    from: message.from,
    text: message.text,
    at: message.at.toISOString(),
    ...(message.from === 'staff' && message.staffName ? { staffName: message.staffName } : {}),
  }
}

const MESSAGE_FIELDS = { conversationId: 1, seq: 1, from: 1, text: 1, at: 1, staffName: 1 } as const

/**
 * Adds a message with the next number of its conversation. The number is claimed by the insert
 * (unique with the conversation), so two messages saved at once on two instances get different
 * numbers: the loser of a collision reads the last number again and retries.
 */
export async function appendMessage(
  conversationId: Types.ObjectId,
  fields: { from: MessageAuthor; text: string; staffId?: string; staffName?: string; clientMessageId?: string; replyDelivery?: 'pending' },
  now = new Date(),
): Promise<StoredMessage> {
  for (let attempt = 0; ; attempt++) {
    const last = await ConversationMessage.findOne({ conversationId }, { seq: 1 }).sort({ seq: -1 }).lean()
    try {
      const created = await ConversationMessage.create({ ...fields, conversationId, seq: (last?.seq ?? 0) + 1, at: now })
      await ChatConversation.updateOne({ _id: conversationId }, { $set: { updatedAt: now } })
      return created.toObject() as StoredMessage
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 20) throw error
    }
  }
}

/** The newest messages of a conversation, oldest first; `afterSeq` keeps only later ones. */
export async function transcript(
  conversationId: Types.ObjectId,
  { afterSeq = 0, limit = TRANSCRIPT_LIMIT } = {},
): Promise<StoredMessage[]> {
  const newest = await ConversationMessage.find({ conversationId, seq: { $gt: afterSeq } }, MESSAGE_FIELDS)
    .sort({ seq: -1 })
    .limit(limit)
    .lean<StoredMessage[]>()
  return newest.reverse()
}

export type ConversationRecord = {
  _id: Types.ObjectId
  visitorId: string
  name?: string | null
  email?: string | null
  status: 'open' | 'closed'
  currentPage?: string | null
  staffReadSeq: number
  visitorSeenAt?: Date | null
  createdAt: Date
  updatedAt: Date
}

const CONVERSATION_FIELDS = {
  visitorId: 1,
  name: 1,
  email: 1,
  status: 1,
  currentPage: 1,
  staffReadSeq: 1,
  visitorSeenAt: 1,
  createdAt: 1,
  updatedAt: 1,
} as const

export function findConversationOfVisitor(visitorId: string) {
  return ChatConversation.findOne({ visitorId }, CONVERSATION_FIELDS).lean<ConversationRecord>()
}

/** A conversation by its id as staff URLs carry it; null for an unknown or malformed id. */
export async function findConversation(id: string) {
  if (!isValidObjectId(id) || !/^[0-9a-f]{24}$/i.test(id)) return null
  return ChatConversation.findById(id, CONVERSATION_FIELDS).lean<ConversationRecord>()
}

/**
 * Messages saved before live chat (embedded in the conversation document, `user`/`agent`) become
 * numbered messages, once, at start-up. A second instance doing the same at once loses its inserts
 * to the unique number and leaves the documents as the first one did.
 */
export async function moveEmbeddedChatMessages() {
  type Embedded = { content?: string; sender?: string; timestamp?: Date }
  const legacy = await ChatConversation.find({ 'messages.0': { $exists: true } }, { messages: 1 }).lean<
    { _id: Types.ObjectId; messages: Embedded[] }[]
  >()
  for (const conversation of legacy) {
    const documents = conversation.messages
      .filter((message) => typeof message.content === 'string' && message.content !== '')
      .map((message, index) => ({
        conversationId: conversation._id,
        seq: index + 1,
        from: message.sender === 'user' ? 'visitor' : 'system',
        text: message.content!,
        at: message.timestamp ?? new Date(),
      }))
    try {
      if (documents.length > 0) await ConversationMessage.insertMany(documents, { ordered: false })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
    }
    await ChatConversation.updateOne({ _id: conversation._id }, { $unset: { messages: 1 } })
  }
  return legacy.length
}
