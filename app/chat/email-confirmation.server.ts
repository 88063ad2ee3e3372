import { createHash } from 'node:crypto'
import { Types } from 'mongoose'
import { getEnv } from '#app/lib/config/env.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { log } from '#app/lib/observability/logger.server'
import { hitRateLimits } from '#app/lib/rate-limit/rate-limit.server'
import { checkSignedLink, type SignedLinkCheck, signLink } from '#app/lib/session/signed-link.server'
import { ChatConversation, ConversationMessage } from './chat-model.server'
import { chatEmailConfirmationMail } from './chat-mail.server'
import { CHAT_CONFIRM_CONVERSATION_LIMIT, CHAT_CONFIRM_MAILBOX_LIMIT } from './limits.server'

// Anyone can type anyone's address into the chat, so nothing is mailed to it (staff replies, the
// resume link) until the visitor confirms it: one e-mail with a signed, expiring link naming the
// conversation and the address (lib/session/signed-link.server.ts). Opening the link only shows a
// button (mail scanners follow links); its POST confirms. A changed address needs confirming again.

export const CONFIRM_LINK_HOURS = 72
const LABEL = 'chat-email-confirm:v1'

/** The address as the link names it: a short digest, so the URL carries no address. */
export function addressDigest(email: string) {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22)
}

export function sameAddress(a: string | null | undefined, b: string | null | undefined) {
  return Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase())
}

export type ConfirmLink = { conversationId: string; address: string; expires: number; signature: string }

export function confirmLinkPath(link: ConfirmLink) {
  const query = new URLSearchParams({ c: link.conversationId, a: link.address, expires: String(link.expires), signature: link.signature })
  return `/chat/confirm-email?${query}`
}

export function createConfirmLink(conversationId: string, email: string, now = Date.now()): ConfirmLink {
  const address = addressDigest(email)
  const expires = Math.floor((now + CONFIRM_LINK_HOURS * 3_600_000) / 1000)
  return { conversationId, address, expires, signature: signLink(LABEL, `${conversationId}:${address}`, expires) }
}

export type ConfirmLinkCheck = ({ valid: true } & ConfirmLink) | Exclude<SignedLinkCheck, { valid: true }>

/** Checks a link's query as it arrives (any part may be missing or hostile). */
export function checkConfirmLink(search: URLSearchParams, now = Date.now()): ConfirmLinkCheck {
  const conversationId = search.get('c') ?? ''
  const address = search.get('a') ?? ''
  if (!/^[0-9a-f]{24}$/.test(conversationId) || !/^[A-Za-z0-9_-]{22}$/.test(address)) return { valid: false, reason: 'malformed' }
  const check = checkSignedLink(LABEL, `${conversationId}:${address}`, search.get('expires'), search.get('signature'), now)
  if (!check.valid) return check
  return { valid: true, conversationId, address, expires: Number(search.get('expires')), signature: search.get('signature')! }
}

/**
 * The visitor gave `email` (new to the conversation): the confirmation mail through the outbox,
 * within the limits per conversation and per address. The chat shows whether it went out
 * (visitorChat's emailConfirmation). The message is stored already: a failure here is only logged.
 */
export async function requestEmailConfirmation(
  conversation: { _id: Types.ObjectId; name?: string | null },
  email: string,
  now = new Date(),
) {
  try {
    const limit = await hitRateLimits(
      [
        { rule: CHAT_CONFIRM_CONVERSATION_LIMIT, subject: String(conversation._id) },
        { rule: CHAT_CONFIRM_MAILBOX_LIMIT, subject: addressDigest(email) },
      ],
      now.getTime(),
    )
    if (!limit.allowed) return false
    const link = createConfirmLink(String(conversation._id), email, now.getTime())
    const id = await queueOutboxMessage(
      'email',
      `chat-confirm:${String(conversation._id)}`,
      chatEmailConfirmationMail({
        to: email,
        name: conversation.name ?? undefined,
        confirmUrl: `${getEnv().SITE_URL}${confirmLinkPath(link)}`,
        validHours: CONFIRM_LINK_HOURS,
      }),
    )
    deliverSoon(id)
    await ChatConversation.updateOne({ _id: conversation._id }, { $set: { emailConfirmationSentAt: now } })
    return true
  } catch (error) {
    log.error({ conversationId: String(conversation._id), err: error }, 'chat: the address confirmation could not be queued')
    return false
  }
}

export type ConfirmOutcome = { kind: 'confirmed' } | { kind: 'gone' } | { kind: 'changed' }

/**
 * The POST behind the link's button: marks the address confirmed when the conversation still has
 * it. Replies from the last CONFIRM_LINK_HOURS that found it unconfirmed go back to the reply job,
 * which mails those the visitor has not seen since.
 */
export async function confirmChatEmail(link: ConfirmLink, now = new Date()): Promise<ConfirmOutcome> {
  const conversation = await ChatConversation.findById(new Types.ObjectId(link.conversationId), { email: 1, emailConfirmedAt: 1 }).lean()
  if (!conversation) return { kind: 'gone' }
  if (!conversation.email || addressDigest(conversation.email) !== link.address) return { kind: 'changed' }
  if (conversation.emailConfirmedAt) return { kind: 'confirmed' }
  await ChatConversation.updateOne({ _id: conversation._id, email: conversation.email }, { $set: { emailConfirmedAt: now } })
  await ConversationMessage.updateMany(
    {
      conversationId: conversation._id,
      from: 'staff',
      replyDelivery: 'unreachable',
      at: { $gte: new Date(now.getTime() - CONFIRM_LINK_HOURS * 3_600_000) },
    },
    { $set: { replyDelivery: 'pending' } },
  )
  return { kind: 'confirmed' }
}
