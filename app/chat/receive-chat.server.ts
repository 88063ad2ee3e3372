import { getEnv } from '#app/config/env.server'
import { BUSINESS } from '#app/domain/business'
import type { ChatRequest } from '#app/domain/chat-request'
import { ChatConversation } from '#app/models/chat.server'
import { deliverSoon, queueOutboxMessage } from '#app/outbox/outbox.server'
import { chatCard } from './teams.server'
import { log } from '#app/observability/logger.server'

/**
 * The agent's answer. It says only what is true: the message is saved; it goes to Microsoft Teams
 * only when a webhook is configured (otherwise staff read it in /admin); a reply by e-mail needs
 * an address, and without one the visitor is told how to hear back.
 */
export function agentReply({ name, email }: Pick<ChatRequest, 'name' | 'email'>, { teamsConnected }: { teamsConnected: boolean }) {
  const greeting = name ? `Thanks, ${name}!` : 'Thanks for your message!'
  const passedOn = teamsConnected
    ? 'Your message has been passed to our technical team in Microsoft Teams'
    : 'Your message has been saved for our technical team'
  const answer = email
    ? `, who will reply to you by email at ${email}.`
    : `. To hear back, send us your e-mail address or call ${BUSINESS.phone.display}.`
  return `${greeting} ${passedOn}${answer} Support hours are ${BUSINESS.hours.weekdays}.`
}

/** Messages a conversation keeps (the newest): one visitor can't grow a document without end. */
export const MAX_MESSAGES_PER_CONVERSATION = 200

/**
 * Drops the oldest messages beyond the limit. One at a time with $pop: FerretDB ignores $push's
 * $slice modifier. Each pass removes one only while the array is still too long, so concurrent
 * messages of the same visitor can't trim too much.
 */
async function trimConversation(visitorId: string) {
  for (let pass = 0; pass < 10; pass++) {
    const { modifiedCount } = await ChatConversation.updateOne(
      { visitorId, [`messages.${MAX_MESSAGES_PER_CONVERSATION}`]: { $exists: true } },
      { $pop: { messages: -1 } },
    )
    if (modifiedCount === 0) return
  }
}

/**
 * Stores the visitor's message (and the reply) in their conversation, then queues the Teams card.
 * The store is what counts: if it throws (database down) the visitor is told the message was not
 * sent. A Teams failure later is retried by the outbox; the message is kept either way.
 */
export async function receiveChatMessage(visitorId: string, chat: ChatRequest) {
  const reply = agentReply(chat, { teamsConnected: Boolean(getEnv().TEAMS_WEBHOOK_URL) })
  const now = new Date()
  await ChatConversation.updateOne(
    { visitorId },
    {
      $push: {
        messages: {
          $each: [
            { content: chat.message, sender: 'user', timestamp: now },
            { content: reply, sender: 'agent', timestamp: now },
          ],
        },
      },
      $set: { updatedAt: now, ...(chat.name ? { name: chat.name } : {}), ...(chat.email ? { email: chat.email } : {}) },
      $setOnInsert: { createdAt: now },
    },
    { upsert: true },
  )
  await trimConversation(visitorId)
  try {
    const id = await queueOutboxMessage('teams', `chat:${visitorId}`, chatCard({ ...chat, siteUrl: getEnv().SITE_URL }))
    deliverSoon(id)
  } catch (error) {
    log.error({ visitorId, err: error }, 'chat message saved but its Teams card could not be queued')
  }
  return reply
}
