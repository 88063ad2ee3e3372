import type { Types } from 'mongoose'
import { ChatConversation, ChatFeedEntry, ChatResumeToken, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { OutboxAttempt } from '#app/integrations/mail/outbox-attempt-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { Order } from '#app/orders/order-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { recordAudit } from '#app/staff/audit.server'
import type { ChangedBy } from '#app/staff/staff-accounts.server'
import { deleteInBatches } from '#app/lib/db/delete-in-batches.server'
import { describeCounts, type PersonMatcher, type PrivacyCounts, redactDeep, ZERO_COUNTS } from '#app/domain/privacy'
import { findAuditEntries, findChats, findEnquiries, findFeedEntries, findOrders, findOutboxMessages } from './personal-data.server'

// Erasing a person: every step finds its records by the address again and removes them, so a run
// cut short (the database went away) is finished by running it again. A record is removed after
// what is found through it (its notifications, its messages), so nothing is left unfindable.

/** Deletes documents by id, a batch at a time (FerretDB refuses huge $in lists). */
async function deleteIds(model: Parameters<typeof deleteInBatches>[0], ids: unknown[]) {
  let deleted = 0
  for (let start = 0; start < ids.length; start += 1000) {
    deleted += (await model.deleteMany({ _id: { $in: ids.slice(start, start + 1000) } })).deletedCount
  }
  return deleted
}

/** Outbox messages naming the person (pending ones too) and every delivery attempt of theirs. */
async function eraseOutbox(matcher: PersonMatcher) {
  const [enquiries, chats] = await Promise.all([findEnquiries(matcher), findChats(matcher)])
  const messages = await findOutboxMessages(matcher, {
    enquiryIds: enquiries.filter((enquiry) => !enquiry.mentionOnly).map((enquiry) => enquiry.id),
    conversations: chats.conversations.map((conversation) => ({ id: String(conversation._id), visitorId: conversation.visitorId })),
  })
  const ids = messages.map((message) => message._id)
  for (let start = 0; start < ids.length; start += 1000) {
    await deleteInBatches(OutboxAttempt, { message: { $in: ids.slice(start, start + 1000) } })
  }
  // An SMTP refusal can quote the address; such attempts go even when their message went before.
  const attempts = await OutboxAttempt.find({ error: { $regex: matcher.database, $options: 'i' } }, { error: 1 }).lean<
    { _id: string; error?: string }[]
  >()
  await deleteIds(
    OutboxAttempt,
    attempts.filter((attempt) => matcher.test(attempt.error ?? '')).map((attempt) => attempt._id),
  )
  return deleteIds(OutboxMessage, ids)
}

/** The person's conversations with their messages, resume links and feed entries; mentions elsewhere redacted. */
async function eraseChats(matcher: PersonMatcher) {
  const { conversations, mentions, orphans } = await findChats(matcher)
  const ids: Types.ObjectId[] = conversations.map((conversation) => conversation._id)
  const feed = await findFeedEntries(
    matcher,
    ids.map((id) => String(id)),
  )
  await deleteIds(
    ChatFeedEntry,
    feed.map((entry) => entry._id),
  )
  let messages = 0
  if (ids.length > 0) {
    await ChatResumeToken.deleteMany({ conversationId: { $in: ids } })
    messages += await deleteInBatches(ConversationMessage, { conversationId: { $in: ids } })
  }
  messages += await deleteIds(
    ConversationMessage,
    orphans.map((message) => message._id),
  )
  for (const message of mentions) {
    const { modifiedCount } = await ConversationMessage.updateOne({ _id: message._id }, { $set: { text: matcher.redact(message.text) } })
    messages += modifiedCount
  }
  const deleted = await deleteIds(ChatConversation, ids)
  return { conversations: deleted, messages }
}

/** The person's enquiries deleted; another enquiry that mentions them keeps its text without the mention. */
async function eraseEnquiries(matcher: PersonMatcher) {
  const enquiries = await findEnquiries(matcher)
  let count = await deleteIds(
    Contact,
    enquiries.filter((enquiry) => !enquiry.mentionOnly).map((enquiry) => enquiry.id),
  )
  for (const enquiry of enquiries.filter((each) => each.mentionOnly)) {
    const { modifiedCount } = await Contact.updateOne(
      { _id: enquiry.id },
      { $set: { message: matcher.redact(enquiry.message), name: matcher.redact(enquiry.name) } },
    )
    count += modifiedCount
  }
  return count
}

/**
 * Orders are kept for accounting (plan, amounts, dates, Stripe ids, subscription and invoices):
 * only the buyer's name, e-mail and phone go. The Stripe customer keeps its own copy.
 */
async function anonymiseOrders(matcher: PersonMatcher) {
  const orders = await findOrders(matcher)
  if (orders.length === 0) return 0
  const { modifiedCount } = await Order.updateMany(
    { _id: { $in: orders.map((order) => order._id) } },
    { $unset: { name: 1, email: 1, phone: 1 } },
  )
  return modifiedCount
}

/** The audit trail keeps who did what; the address in an entry's text or values is replaced. */
async function redactAuditEntries(matcher: PersonMatcher) {
  let count = 0
  for (const entry of await findAuditEntries(matcher)) {
    const { modifiedCount } = await AuditEvent.updateOne(
      { _id: entry._id },
      {
        $set: {
          action: matcher.redact(entry.action),
          ...(entry.target ? { target: matcher.redact(entry.target) } : {}),
          ...(entry.changes ? { changes: redactDeep(entry.changes, matcher.redact) } : {}),
        },
      },
    )
    count += modifiedCount
  }
  return count
}

/**
 * Erases everything held under the address (and number), then records who did it and the counts
 * (never the address) in the audit trail. Throws when the database fails part-way: nothing is
 * reported as done, and running it again finishes the job.
 */
export async function erasePersonalData(matcher: PersonMatcher, by: ChangedBy): Promise<PrivacyCounts> {
  const counts: PrivacyCounts = { ...ZERO_COUNTS }
  counts.outbox = await eraseOutbox(matcher)
  const chats = await eraseChats(matcher)
  counts.conversations = chats.conversations
  counts.messages = chats.messages
  counts.enquiries = await eraseEnquiries(matcher)
  counts.orders = await anonymiseOrders(matcher)
  counts.audit = await redactAuditEntries(matcher)
  await recordAudit({
    ...by,
    kind: 'privacy',
    action: `erased a person's data: ${describeCounts(counts)} (orders anonymised, not deleted)`,
    target: 'personal-data',
  })
  return counts
}
