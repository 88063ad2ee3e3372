import type { Types } from 'mongoose'
import { ChatConversation, ChatFeedEntry, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { OutboxAttempt } from '#app/integrations/mail/outbox-attempt-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { type OrderView, type OrderViewDoc, findOrderViewDocs, planNamesById, toOrderView } from '#app/orders/order-view.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { recordAudit } from '#app/staff/audit.server'
import type { ChangedBy } from '#app/staff/staff-accounts.server'
import type { AuditChanges, AuditKind } from '#app/domain/audit'
import { describeCounts, exportFileName, type PersonMatcher, type PrivacyCounts, someText } from '#app/domain/privacy'

// Everything the site holds under one e-mail address (and phone number), by kind. The page, the
// API, the export and the erase all start here, so what is shown is what is erased.
//
// A record is the person's own when an identifying field holds the address or the number (an
// enquiry's or order's e-mail or phone, a conversation's e-mail, a visitor message they typed);
// someone else's record that only mentions it (another visitor's message naming them) is listed
// too, and the erase removes the mention rather than the record.

const caseless = (pattern: string) => ({ $regex: pattern, $options: 'i' })

export type FoundEnquiry = {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string | null
  service: string | null
  message: string
  /** Someone else's enquiry that mentions the address: the erase removes the mention only. */
  mentionOnly: boolean
}

export type FoundMessage = {
  id: string
  conversationId: string
  seq: number
  from: string
  text: string
  at: string
  staffName: string | null
}

export type FoundConversation = {
  id: string
  createdAt: string
  updatedAt: string
  status: string
  name: string | null
  email: string | null
  currentPage: string | null
  messages: FoundMessage[]
}

/** An order as staff read it; the Stripe customer keeps its own copy of the address (see docs/privacy.md). */
export type FoundOrder = OrderView

export type FoundOutboxMessage = {
  id: string
  channel: string
  subject: string
  status: string
  createdAt: string
  sentAt: string | null
  /** The e-mail's fields or the Teams card, as queued. */
  payload: unknown
  lastError: string | null
}

export type FoundAuditEntry = {
  id: string
  at: string
  actor: string | null
  kind: AuditKind
  action: string
  target: string | null
  changes: AuditChanges | null
}

export type PersonalData = {
  email: string
  phone: string | null
  enquiries: FoundEnquiry[]
  conversations: FoundConversation[]
  /** Messages in other people's conversations that mention the address. */
  mentions: FoundMessage[]
  orders: FoundOrder[]
  outbox: FoundOutboxMessage[]
  audit: FoundAuditEntry[]
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null)

type ContactLean = {
  _id: Types.ObjectId
  createdAt: Date
  name: string
  email: string
  phone?: string | null
  service?: string | null
  message: string
}

/** Enquiries made with the address or number, and others whose text mentions them. */
export async function findEnquiries(matcher: PersonMatcher): Promise<FoundEnquiry[]> {
  const docs = await Contact.find({
    $or: [
      { email: caseless(matcher.database) },
      { phone: caseless(matcher.database) },
      { message: caseless(matcher.database) },
      { name: caseless(matcher.database) },
    ],
  })
    .sort({ createdAt: -1 })
    .lean<ContactLean[]>()
  return docs.flatMap((doc) => {
    const theirs = matcher.test(doc.email ?? '') || matcher.test(doc.phone ?? '')
    if (!theirs && !matcher.test(doc.message ?? '') && !matcher.test(doc.name ?? '')) return []
    return [
      {
        id: String(doc._id),
        createdAt: doc.createdAt.toISOString(),
        name: doc.name,
        email: doc.email,
        phone: doc.phone ?? null,
        service: doc.service ?? null,
        message: doc.message,
        mentionOnly: !theirs,
      },
    ]
  })
}

type MessageLean = {
  _id: Types.ObjectId
  conversationId: Types.ObjectId
  seq: number
  from: string
  text: string
  at: Date
  staffName?: string | null
}

type ConversationLean = {
  _id: Types.ObjectId
  visitorId: string
  createdAt: Date
  updatedAt: Date
  status: string
  name?: string | null
  email?: string | null
  currentPage?: string | null
}

const MESSAGE_FIELDS = { conversationId: 1, seq: 1, from: 1, text: 1, at: 1, staffName: 1 } as const

function messageView(doc: MessageLean): FoundMessage {
  return {
    id: String(doc._id),
    conversationId: String(doc.conversationId),
    seq: doc.seq,
    from: doc.from,
    text: doc.text,
    at: doc.at.toISOString(),
    staffName: doc.staffName ?? null,
  }
}

export type FoundChats = {
  conversations: (ConversationLean & { messages: MessageLean[] })[]
  mentions: MessageLean[]
  /** Messages that mention the address and whose conversation no longer exists (an erase cut short). */
  orphans: MessageLean[]
}

/**
 * The person's conversations (given the address, or an anonymous visitor typed it or the number)
 * with all their messages; messages of other conversations that mention it; and mentioning messages
 * left without a conversation.
 */
export async function findChats(matcher: PersonMatcher): Promise<FoundChats> {
  const [byEmail, mentioning] = await Promise.all([
    ChatConversation.find({ email: caseless(matcher.database) }, { _id: 1, email: 1 }).lean<{ _id: Types.ObjectId; email?: string }[]>(),
    ConversationMessage.find({ text: caseless(matcher.database) }, MESSAGE_FIELDS).lean<MessageLean[]>(),
  ])
  const named = mentioning.filter((message) => matcher.test(message.text))
  const referenced = [...new Set(named.map((message) => String(message.conversationId)))]
  const existing =
    referenced.length === 0
      ? []
      : await ChatConversation.find({ _id: { $in: referenced } }, { _id: 1, email: 1 }).lean<
          { _id: Types.ObjectId; email?: string | null }[]
        >()
  const emailOf = new Map(existing.map((doc) => [String(doc._id), doc.email ?? null]))
  const ids = new Set(byEmail.filter((doc) => matcher.test(doc.email ?? '')).map((doc) => String(doc._id)))
  // A visitor who gave no address and typed this one is taken to be its owner; a visitor who gave
  // their own address and typed this one is writing about someone else (a mention).
  for (const message of named) {
    const id = String(message.conversationId)
    if (message.from === 'visitor' && emailOf.has(id) && !emailOf.get(id)) ids.add(id)
  }
  const conversations =
    ids.size === 0
      ? []
      : await ChatConversation.find({ _id: { $in: [...ids] } })
          .sort({ updatedAt: -1 })
          .lean<ConversationLean[]>()
  const messages =
    conversations.length === 0
      ? []
      : await ConversationMessage.find({ conversationId: { $in: conversations.map((doc) => doc._id) } }, MESSAGE_FIELDS)
          .sort({ seq: 1 })
          .lean<MessageLean[]>()
  const exists = new Set(emailOf.keys())
  const found = new Set(conversations.map((doc) => String(doc._id)))
  return {
    conversations: conversations.map((conversation) => ({
      ...conversation,
      messages: messages.filter((message) => String(message.conversationId) === String(conversation._id)),
    })),
    mentions: named.filter((message) => exists.has(String(message.conversationId)) && !found.has(String(message.conversationId))),
    orphans: named.filter((message) => !exists.has(String(message.conversationId))),
  }
}

export async function findOrders(matcher: PersonMatcher): Promise<OrderViewDoc[]> {
  const or: Record<string, unknown>[] = [{ email: caseless(matcher.databaseEmailField) }]
  if (matcher.databasePhoneField) or.push({ phone: { $regex: matcher.databasePhoneField } })
  const docs = await findOrderViewDocs({ $or: or })
  return docs.filter((doc) => matcher.test(doc.email ?? '') || matcher.test(doc.phone ?? ''))
}

type OutboxLean = {
  _id: Types.ObjectId
  channel: string
  subject: string
  status: string
  createdAt: Date
  sentAt?: Date | null
  payload: unknown
  lastError?: string | null
}

/**
 * Notifications about the person's enquiries and conversations (by what they are about), and any
 * whose text, recipients, reply-to or last error names the address, or whose attempt failed with
 * an error naming it. The outbox keeps 30 days of delivered messages, so it is read whole.
 */
export async function findOutboxMessages(
  matcher: PersonMatcher,
  related: { enquiryIds: string[]; conversations: { id: string; visitorId: string }[] },
): Promise<OutboxLean[]> {
  const subjects = new Set([
    ...related.enquiryIds.map((id) => `contact:${id}`),
    ...related.conversations.map((conversation) => `chat:${conversation.visitorId}`),
  ])
  const replyPrefixes = related.conversations.map((conversation) => `chat-reply:${conversation.id}:`)
  const failed = await OutboxAttempt.find({ error: caseless(matcher.database) }, { message: 1, error: 1 }).lean<
    { message: Types.ObjectId; error?: string }[]
  >()
  const failedFor = new Set(failed.filter((attempt) => matcher.test(attempt.error ?? '')).map((attempt) => String(attempt.message)))
  const found: OutboxLean[] = []
  const cursor = OutboxMessage.find({}, { channel: 1, subject: 1, status: 1, createdAt: 1, sentAt: 1, payload: 1, lastError: 1 })
    .sort({ createdAt: -1 })
    .lean<OutboxLean[]>()
    .cursor({ batchSize: 500 })
  for await (const doc of cursor as AsyncIterable<OutboxLean>) {
    if (
      subjects.has(doc.subject) ||
      replyPrefixes.some((prefix) => doc.subject.startsWith(prefix)) ||
      failedFor.has(String(doc._id)) ||
      someText([doc.payload, doc.lastError, doc.subject], matcher.test)
    )
      found.push(doc)
  }
  return found
}

type AuditLean = {
  _id: Types.ObjectId
  at: Date
  kind: AuditKind
  actorUsername?: string | null
  action: string
  target?: string | null
  changes?: AuditChanges | null
}

/** Audit entries whose action, target or changed values name the address or number. */
export async function findAuditEntries(matcher: PersonMatcher): Promise<AuditLean[]> {
  // Changes are free-form ({field: {before, after}}): entries with any are read and searched here.
  const cursor = AuditEvent.find(
    { $or: [{ action: caseless(matcher.database) }, { target: caseless(matcher.database) }, { changes: { $exists: true } }] },
    { at: 1, kind: 1, actorUsername: 1, action: 1, target: 1, changes: 1 },
  )
    .sort({ at: -1 })
    .lean<AuditLean[]>()
    .cursor({ batchSize: 500 })
  const found: AuditLean[] = []
  for await (const doc of cursor as AsyncIterable<AuditLean>) {
    if (someText([doc.action, doc.target, doc.changes], matcher.test)) found.push(doc)
  }
  return found
}

/** Live-feed entries (the last 10 minutes of messages) of the person's conversations or naming them. */
export async function findFeedEntries(matcher: PersonMatcher, conversationIds: string[]) {
  const ids = new Set(conversationIds)
  const entries = await ChatFeedEntry.find({ _id: { $ne: 0 }, message: { $ne: null } }, { message: 1 }).lean<
    { _id: number; message?: { conversationId?: string } | null }[]
  >()
  return entries.filter(
    (entry) => entry.message && (ids.has(String(entry.message.conversationId)) || someText(entry.message, matcher.test)),
  )
}

/** Everything held under the address, for the owners' page, the API and the export. */
export async function findPersonalData(matcher: PersonMatcher): Promise<PersonalData> {
  const [enquiries, chats, orders, audit, planNames] = await Promise.all([
    findEnquiries(matcher),
    findChats(matcher),
    findOrders(matcher),
    findAuditEntries(matcher),
    planNamesById(),
  ])
  const outbox = await findOutboxMessages(matcher, {
    enquiryIds: enquiries.filter((enquiry) => !enquiry.mentionOnly).map((enquiry) => enquiry.id),
    conversations: chats.conversations.map((conversation) => ({ id: String(conversation._id), visitorId: conversation.visitorId })),
  })
  return {
    email: matcher.email,
    phone: matcher.phone ?? null,
    enquiries,
    conversations: chats.conversations.map((conversation) => ({
      id: String(conversation._id),
      createdAt: conversation.createdAt.toISOString(),
      updatedAt: conversation.updatedAt.toISOString(),
      status: conversation.status,
      name: conversation.name ?? null,
      email: conversation.email ?? null,
      currentPage: conversation.currentPage ?? null,
      messages: conversation.messages.map(messageView),
    })),
    mentions: [...chats.mentions, ...chats.orphans].map(messageView),
    orders: orders.map((order) => toOrderView(order, planNames)),
    outbox: outbox.map((doc) => ({
      id: String(doc._id),
      channel: doc.channel,
      subject: doc.subject,
      status: doc.status,
      createdAt: doc.createdAt.toISOString(),
      sentAt: iso(doc.sentAt),
      payload: doc.payload,
      lastError: doc.lastError ?? null,
    })),
    audit: audit.map((doc) => ({
      id: String(doc._id),
      at: doc.at.toISOString(),
      actor: doc.actorUsername ?? null,
      kind: doc.kind,
      action: doc.action,
      target: doc.target ?? null,
      changes: doc.changes ?? null,
    })),
  }
}

export function countsOf(data: PersonalData): PrivacyCounts {
  return {
    enquiries: data.enquiries.length,
    conversations: data.conversations.length,
    messages: data.conversations.reduce((sum, conversation) => sum + conversation.messages.length, 0) + data.mentions.length,
    orders: data.orders.length,
    outbox: data.outbox.length,
    audit: data.audit.length,
  }
}

// A chat reply e-mail carries a single-use link back to the conversation: the export never does.
const RESUME_LINK = /(\/chat\?resume=)[A-Za-z0-9_-]+/g

/** The download: everything found, with the API's field names, resume links' tokens removed. */
export function exportDocument(data: PersonalData, now = new Date()) {
  const withoutTokens = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(RESUME_LINK, '$1(removed)')
      : Array.isArray(value)
        ? value.map(withoutTokens)
        : value && typeof value === 'object' && !(value instanceof Date)
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutTokens(item)]))
          : value
  return {
    exportedAt: now.toISOString(),
    email: data.email,
    phone: data.phone,
    counts: countsOf(data),
    enquiries: data.enquiries,
    conversations: data.conversations,
    mentionsInOtherConversations: data.mentions,
    orders: data.orders,
    outbox: data.outbox.map((message) => ({ ...message, payload: withoutTokens(message.payload) })),
    audit: data.audit,
  }
}

/**
 * The export as the file a browser downloads, for the staff page's form and the API alike. An export
 * is a disclosure, so it is audited first: the trail says who downloaded how much, never whose.
 */
export async function exportDownload(data: PersonalData, by: ChangedBy, now = new Date()): Promise<Response> {
  await recordAudit({
    ...by,
    kind: 'privacy',
    action: `exported a person's data: ${describeCounts(countsOf(data))}`,
    target: 'personal-data',
  })
  return new Response(JSON.stringify(exportDocument(data, now), null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
