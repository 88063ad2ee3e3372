import { getEnv } from '#app/lib/config/env.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { BUSINESS } from '#app/domain/business'
import type { ChatAvailability, ChatMessage } from '#app/domain/chat'
import type { ChatRequest } from '#app/domain/chat-request'
import { describeReplyBy, isWithinSupportHours } from '#app/domain/support-hours'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { log } from '#app/lib/observability/logger.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { chatAvailability } from './availability.server'
import {
  addToFeed,
  appendMessage,
  conversationIdFor,
  type ConversationRecord,
  findConversationOfVisitor,
  messageView,
  type StoredMessage,
} from './conversations.server'
import { afterHoursChatNotification } from './chat-mail.server'
import { requestEmailConfirmation, sameAddress } from './email-confirmation.server'
import { chatFeed } from './live-feed.server'
import { chatCard } from '#app/integrations/teams.server'

/**
 * The automatic answer to a conversation's first message (and to one that reopens it). It says
 * only what is true: whether someone is there now; that the message went to Microsoft Teams only
 * when a webhook is configured (otherwise staff read it in /admin/chats); an answer by e-mail only
 * to a visitor who gave an address, and when it will usually come.
 */
export function agentReply(
  { name, email }: Pick<ChatRequest, 'name' | 'email'>,
  { teamsConnected, availability = { online: false } }: { teamsConnected: boolean; availability?: ChatAvailability },
  now = new Date(),
) {
  const greeting = name ? `Thanks, ${name}!` : 'Thanks for your message!'
  if (availability.online) return `${greeting} A member of our team will answer you here in a moment.`
  const passedOn = teamsConnected
    ? 'Your message has been passed to our technical team in Microsoft Teams'
    : 'Your message has been saved for our technical team'
  const when = availability.nextReplyBy ? `, usually by ${describeReplyBy(new Date(availability.nextReplyBy), now)}` : ''
  const answer = email
    ? `, who will reply to you here and by email at ${email}${when}.`
    : `, who will reply here${when}. To hear back while you are away, send us your e-mail address or call ${BUSINESS.phone.display}.`
  return `${greeting} ${passedOn}${answer} Support hours are ${BUSINESS.hours.weekdays}.`
}

/** `lastEventId`: the number of the last message stored, where the visitor's event stream picks up. */
export type ReceivedChat = { message: ChatMessage; autoReply?: ChatMessage; response: string; conversationId: string; lastEventId: number }

/**
 * Stores a visitor's message in their conversation (created on the first, reopened if staff had
 * closed it), answers the first one automatically, then queues the staff notifications. The store
 * is what counts: if it throws (database down) the visitor is told the message was not sent. A
 * retried send (same clientMessageId) is stored once and answered as the first time.
 */
export async function receiveChatMessage(visitorId: string, chat: ChatRequest, now = new Date()): Promise<ReceivedChat> {
  try {
    return await receive(visitorId, chat, now)
  } catch (error) {
    // Two first messages of one visitor at once: the upsert that lost found the conversation made.
    if (!isDuplicateKeyError(error)) throw error
    return receive(visitorId, chat, now)
  }
}

async function receive(visitorId: string, chat: ChatRequest, now: Date): Promise<ReceivedChat> {
  // A new conversation gets the _id derived from the visitor id; an older one keeps its own.
  const existing = await findConversationOfVisitor(visitorId)
  const before = await ChatConversation.findOneAndUpdate(
    { _id: existing?._id ?? conversationIdFor(visitorId) },
    {
      $set: {
        ...(chat.name ? { name: chat.name } : {}),
        ...(chat.email ? { email: chat.email } : {}),
        ...(chat.page ? { currentPage: chat.page } : {}),
        status: 'open',
      },
      $setOnInsert: { visitorId, createdAt: now, updatedAt: now, staffReadSeq: 0, lastSeq: 0 },
    },
    { upsert: true, returnDocument: 'before' },
  ).lean<ConversationRecord>()
  // An address new to the conversation is unconfirmed until the visitor follows the mailed link.
  const newAddress = Boolean(chat.email) && !sameAddress(before?.email, chat.email)
  if (newAddress)
    await ChatConversation.updateOne(
      { _id: existing?._id ?? conversationIdFor(visitorId) },
      { $unset: { emailConfirmedAt: 1, emailConfirmationSentAt: 1 } },
    )
  const conversation = await ChatConversation.findById(existing?._id ?? conversationIdFor(visitorId), {
    _id: 1,
    visitorId: 1,
    name: 1,
    email: 1,
    emailConfirmedAt: 1,
  }).lean<ConversationRecord & { emailConfirmedAt?: Date | null }>()
  if (!conversation) throw new Error('conversation not saved')
  const availability = await chatAvailability(now)
  const response = agentReply(
    { name: chat.name ?? conversation.name ?? undefined, email: chat.email ?? conversation.email ?? undefined },
    { teamsConnected: Boolean(getEnv().TEAMS_WEBHOOK_URL), availability },
    now,
  )

  if (chat.clientMessageId) {
    const earlier = await ConversationMessage.findOne({
      conversationId: conversation._id,
      clientMessageId: chat.clientMessageId,
    }).lean<StoredMessage>()
    if (earlier) {
      // The first try may have stored the message and then lost the database before its feed
      // entry: staff would never see it live. Feeding it again costs a retry one insert.
      await addToFeed(earlier)
      chatFeed.publish(earlier)
      return { message: messageView(earlier), response, conversationId: String(conversation._id), lastEventId: earlier.seq }
    }
  }

  const reopened = before?.status === 'closed'
  if (reopened)
    chatFeed.publish(
      await appendMessage(conversation._id, { from: 'system', text: 'The visitor wrote again: conversation reopened.' }, now),
    )
  const message = await appendMessage(conversation._id, { from: 'visitor', text: chat.message, clientMessageId: chat.clientMessageId }, now)
  chatFeed.publish(message)
  let autoReply: StoredMessage | undefined
  if (!before || reopened) {
    autoReply = await appendMessage(conversation._id, { from: 'system', text: response }, now)
    chatFeed.publish(autoReply)
  }
  if (newAddress) await requestEmailConfirmation(conversation, chat.email!, now)
  await notifyStaff(conversation, chat, now)
  return {
    message: messageView(message),
    ...(autoReply ? { autoReply: messageView(autoReply) } : {}),
    response,
    conversationId: String(conversation._id),
    lastEventId: (autoReply ?? message).seq,
  }
}

/** Teams for every message (a link to the conversation), and the staff e-mail outside business hours. */
async function notifyStaff(conversation: ConversationRecord & { emailConfirmedAt?: Date | null }, chat: ChatRequest, now: Date) {
  const env = getEnv()
  const conversationUrl = `${env.SITE_URL}/admin/chats/${String(conversation._id)}`
  const who = { name: chat.name ?? conversation.name ?? undefined, email: chat.email ?? conversation.email ?? undefined }
  const emailConfirmed = Boolean(conversation.emailConfirmedAt) && sameAddress(who.email, conversation.email)
  try {
    const card = await queueOutboxMessage(
      'teams',
      `chat:${conversation.visitorId}`,
      chatCard({ ...who, message: chat.message, siteUrl: env.SITE_URL, conversationUrl }),
    )
    deliverSoon(card)
    if (!isWithinSupportHours(now, env.SUPPORT_HOURS)) {
      const mail = await queueOutboxMessage(
        'email',
        `chat:${conversation.visitorId}`,
        afterHoursChatNotification({ ...who, emailConfirmed, message: chat.message, conversationUrl, at: now }),
      )
      deliverSoon(mail)
    }
  } catch (error) {
    log.error(
      { conversationId: String(conversation._id), err: error },
      'chat message saved but its staff notifications could not be queued',
    )
  }
}
