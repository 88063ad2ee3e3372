import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/lib/db/define-model.server'

export const CONVERSATION_STATUSES = ['open', 'closed'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

/**
 * One visitor's support chat; the signed visitor cookie ties a browser to it. Its messages are
 * documents of their own (ConversationMessage), so a conversation never grows without end and the
 * event feed can read new messages from one index.
 */
const chatConversationSchema = new Schema(
  {
    visitorId: { type: String, required: true, unique: true },
    name: { type: String, trim: true },
    email: { type: String, trim: true },
    /** When the visitor confirmed `email` by the mailed link; unset when the address changes. Nothing is mailed to an unconfirmed address. */
    emailConfirmedAt: { type: Date },
    /** When the confirmation link for `email` was queued (none while the limits refused it). */
    emailConfirmationSentAt: { type: Date },
    status: { type: String, required: true, enum: CONVERSATION_STATUSES, default: 'open' },
    /** The page the visitor last had the chat on (a path, no query). */
    currentPage: { type: String },
    /** The number of the conversation's last message (read by _id: FerretDB scans for anything else). */
    lastSeq: { type: Number, required: true, default: 0 },
    /** The highest message number staff have seen: later visitor messages are unread. */
    staffReadSeq: { type: Number, required: true, default: 0 },
    /** The staff account answering it (staff inbox), if any. */
    assigneeId: { type: String },
    /** Last time an event stream of the visitor was open (opened, a heartbeat, closed), on any instance. */
    visitorSeenAt: { type: Date },
    /** Messages of the first version, embedded; moved into ConversationMessage at start-up. */
    messages: { type: [Schema.Types.Mixed], default: undefined },
    createdAt: { type: Date, required: true, default: Date.now },
    /** Last activity (a message, a close or reopen): the staff list is sorted by it. */
    updatedAt: { type: Date, required: true, default: Date.now },
  },
  { toJSON: toJSONWithId },
)
chatConversationSchema.index({ updatedAt: -1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type ChatConversationDocument = InferSchemaType<typeof chatConversationSchema>

export const ChatConversation = defineModel('ChatConversation', chatConversationSchema)

export const MESSAGE_AUTHORS = ['visitor', 'staff', 'system'] as const
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number]

/** pending: a staff reply whose delivery is not settled; seen: the visitor was connected; emailed; unreachable: no address. */
export const REPLY_DELIVERIES = ['pending', 'seen', 'emailed', 'unreachable'] as const

/**
 * One message of a conversation, numbered 1, 2, 3… within it (`seq`, unique with the conversation:
 * the number is claimed by the insert, which has one winner on MongoDB and FerretDB alike). Its
 * ObjectId, made by the instance that saved it, orders the event feed across conversations.
 */
const conversationMessageSchema = new Schema(
  {
    conversationId: { type: Schema.Types.ObjectId, required: true },
    seq: { type: Number, required: true },
    from: { type: String, required: true, enum: MESSAGE_AUTHORS },
    text: { type: String, required: true },
    at: { type: Date, required: true, default: Date.now },
    /** Staff replies: the account that sent it and the name shown to the visitor then. */
    staffId: { type: String },
    staffName: { type: String },
    /** Visitor messages: the browser's id for it, so a retried send is stored once. */
    clientMessageId: { type: String },
    /** Staff replies: whether the visitor saw it live or it went by e-mail (chat/reply-emails.server.ts). */
    replyDelivery: { type: String, enum: REPLY_DELIVERIES },
  },
  { versionKey: false },
)
conversationMessageSchema.index({ conversationId: 1, seq: 1 }, { unique: true })
conversationMessageSchema.index({ replyDelivery: 1, at: 1 })

export const ConversationMessage = defineModel('ConversationMessage', conversationMessageSchema)

/**
 * A single-use link that lets a browser take up a conversation (sent with a staff reply by e-mail).
 * Stored as the token's SHA-256; using it is a single-use claim (`claimOnce`), which only one request wins.
 */
const chatResumeTokenSchema = new Schema(
  {
    _id: { type: String, required: true },
    conversationId: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
chatResumeTokenSchema.index({ expiresAt: 1 })

export const ChatResumeToken = defineModel('ChatResumeToken', chatResumeTokenSchema)

/**
 * Staff with the chat page open: one record per instance and account, refreshed while their event
 * stream is open. The chat shows "online" while a fresh one exists (in business hours).
 */
const staffPresenceSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    seenAt: { type: Date, required: true },
  },
  { versionKey: false },
)
staffPresenceSchema.index({ seenAt: 1 })

export const StaffPresence = defineModel('StaffPresence', staffPresenceSchema)

/**
 * The live feed across instances: every message once more, numbered 1, 2, 3… across the whole site
 * in `_id`, and `_id: 0` keeps the last number handed out. A number is claimed by the insert (one
 * winner), and a writer tries the numbers after the last one known until one is free, so there are
 * no holes: each instance's poll reads entry `next` by `_id` (the only lookup FerretDB 1.24 answers
 * from an index; a range or a sort scans the collection) until it finds none. Entries are pruned
 * after 10 minutes.
 */
const chatFeedEntrySchema = new Schema(
  {
    _id: { type: Number, required: true },
    /** Entry 0 only: the last number handed out (a hint: it may lag a moment behind). */
    head: { type: Number },
    message: { type: Schema.Types.Mixed },
    at: { type: Date },
  },
  { versionKey: false, minimize: false },
)
chatFeedEntrySchema.index({ at: 1 })

export const ChatFeedEntry = defineModel('ChatFeedEntry', chatFeedEntrySchema)
