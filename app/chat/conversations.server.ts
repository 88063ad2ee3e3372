import { createHash } from 'node:crypto'
import { isValidObjectId, Types } from 'mongoose'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import type { ChatMessage } from '#app/domain/chat'
import { ChatConversation, ChatFeedEntry, ConversationMessage, type MessageAuthor } from '#app/chat/chat-model.server'

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
 * numbers: the loser of a collision tries the next number. The conversation's `lastSeq` follows
 * (only upwards), so the next writer starts there, read by _id. The message then goes into the
 * site-wide feed that other instances poll.
 */
export async function appendMessage(
  conversationId: Types.ObjectId,
  fields: { from: MessageAuthor; text: string; staffId?: string; staffName?: string; clientMessageId?: string; replyDelivery?: 'pending' },
  now = new Date(),
): Promise<StoredMessage> {
  const conversation = await ChatConversation.findById(conversationId, { lastSeq: 1 }).lean()
  let seq = (conversation?.lastSeq ?? 0) + 1
  for (let attempt = 0; ; attempt++, seq++) {
    try {
      const created = (await ConversationMessage.create({ ...fields, conversationId, seq, at: now })).toObject() as StoredMessage
      await ChatConversation.updateOne({ _id: conversationId }, { $max: { lastSeq: seq }, $set: { updatedAt: now } })
      await addToFeed(created)
      return created
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 50) throw error
    }
  }
}

/**
 * Puts a stored message into the numbered site-wide feed (models/chat.server.ts: ChatFeedEntry).
 * Also for a message stored by a send that failed before its feed entry was written: the retry puts
 * it in. An entry twice is harmless: every process hands a message id out once, and a visitor's
 * stream skips numbers it has sent.
 */
export async function addToFeed(message: StoredMessage) {
  const head = await ChatFeedEntry.findById(0, { head: 1 }).lean()
  let number = (head?.head ?? 0) + 1
  const entry = { message: { ...message, _id: String(message._id), conversationId: String(message.conversationId) }, at: message.at }
  for (let attempt = 0; ; attempt++, number++) {
    try {
      await ChatFeedEntry.create({ _id: number, ...entry })
      break
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 200) throw error
    }
  }
  try {
    await ChatFeedEntry.updateOne({ _id: 0 }, { $max: { head: number } }, { upsert: true })
  } catch (error) {
    // Two first entries at once: the other created entry 0; the hint catches up with the next message.
    if (!isDuplicateKeyError(error)) throw error
  }
}

/** The last number handed out to the feed (where a new poll starts). */
export async function feedHead() {
  return (await ChatFeedEntry.findById(0, { head: 1 }).lean())?.head ?? 0
}

/** Feed entry `number` as a stored message, or null when it does not exist (yet, or any more). */
export async function feedEntry(number: number): Promise<StoredMessage | null> {
  const entry = await ChatFeedEntry.findById(number, { message: 1 }).lean<{ message?: Record<string, unknown> }>()
  if (!entry?.message) return null
  const message = entry.message as unknown as StoredMessage & { _id: string; conversationId: string; at: string | Date }
  return {
    ...message,
    _id: new Types.ObjectId(message._id),
    conversationId: new Types.ObjectId(message.conversationId),
    at: new Date(message.at),
  }
}

/** Feed entries are for instances that are running: older than 10 minutes, they go. */
export async function pruneChatFeed(now = new Date()) {
  const { deletedCount } = await ChatFeedEntry.deleteMany({ _id: { $ne: 0 }, at: { $lt: new Date(now.getTime() - 10 * 60 * 1000) } })
  return deletedCount
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

/**
 * Of each conversation, how many visitor messages came after `staffReadSeq`, and its last message
 * (number `lastSeq`): two queries whatever the number of conversations, instead of two each (each a
 * scan on FerretDB, which uses no index but _id's).
 */
export async function unreadAndLast(conversations: ConversationRecord[]) {
  const unread = new Map<string, number>()
  const last = new Map<string, StoredMessage>()
  const withMessages = conversations.filter((conversation) => (conversation.lastSeq ?? 0) > 0)
  if (withMessages.length === 0) return { unread, last }
  const [counts, lastMessages] = await Promise.all([
    ConversationMessage.aggregate<{ _id: Types.ObjectId; unread: number }>([
      {
        $match: {
          from: 'visitor',
          $or: withMessages.map((conversation) => ({ conversationId: conversation._id, seq: { $gt: conversation.staffReadSeq ?? 0 } })),
        },
      },
      // One accumulator: FerretDB computes only the first of a $group's.
      { $group: { _id: '$conversationId', unread: { $sum: 1 } } },
    ]),
    ConversationMessage.find(
      { $or: withMessages.map((conversation) => ({ conversationId: conversation._id, seq: conversation.lastSeq })) },
      MESSAGE_FIELDS,
    ).lean<StoredMessage[]>(),
  ])
  for (const row of counts) unread.set(String(row._id), row.unread)
  for (const message of lastMessages) last.set(String(message.conversationId), message)
  return { unread, last }
}

export type ConversationRecord = {
  _id: Types.ObjectId
  visitorId: string
  name?: string | null
  email?: string | null
  emailConfirmedAt?: Date | null
  emailConfirmationSentAt?: Date | null
  status: 'open' | 'closed'
  currentPage?: string | null
  staffReadSeq: number
  assigneeId?: string | null
  lastSeq: number
  visitorSeenAt?: Date | null
  createdAt: Date
  updatedAt: Date
}

const CONVERSATION_FIELDS = {
  visitorId: 1,
  name: 1,
  email: 1,
  emailConfirmedAt: 1,
  emailConfirmationSentAt: 1,
  status: 1,
  currentPage: 1,
  staffReadSeq: 1,
  assigneeId: 1,
  lastSeq: 1,
  visitorSeenAt: 1,
  createdAt: 1,
  updatedAt: 1,
} as const

/**
 * The _id a visitor's conversation gets: derived from the visitor id (the first 12 bytes of its
 * SHA-256), so the conversation is read by _id, which FerretDB answers from its index, where a
 * lookup by visitorId scans the collection. Conversations made before have random ids and are
 * found by visitorId; each process remembers those (a bounded map it can always rebuild).
 */
export function conversationIdFor(visitorId: string) {
  return new Types.ObjectId(createHash('sha256').update(visitorId).digest().subarray(0, 12))
}

const olderConversations = new Map<string, Types.ObjectId>()
const REMEMBERED_VISITORS = 20_000

export async function findConversationOfVisitor(visitorId: string): Promise<ConversationRecord | null> {
  const derived = await ChatConversation.findById(
    olderConversations.get(visitorId) ?? conversationIdFor(visitorId),
    CONVERSATION_FIELDS,
  ).lean<ConversationRecord>()
  if (derived?.visitorId === visitorId) return derived
  const older = await ChatConversation.findOne({ visitorId }, CONVERSATION_FIELDS).lean<ConversationRecord>()
  if (older) {
    if (olderConversations.size >= REMEMBERED_VISITORS) olderConversations.delete(olderConversations.keys().next().value!)
    olderConversations.set(visitorId, older._id)
  }
  return older
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
    await ChatConversation.updateOne({ _id: conversation._id }, { $unset: { messages: 1 }, $max: { lastSeq: documents.length } })
  }
  return legacy.length
}
