import { getEnv } from '#app/config/env.server'
import { BUSINESS } from '#app/domain/business'
import type { ChatRequest } from '#app/domain/chat-request'
import { ChatConversation } from '#app/models/chat.server'
import { deliverSoon, queueOutboxMessage } from '#app/outbox/outbox.server'
import { chatCard } from './teams.server'
import { log } from '#app/observability/logger.server'

/** The agent's answer: the incoming webhook is one-way, so it says who will answer and how. */
export function agentReply({ name, email }: Pick<ChatRequest, 'name' | 'email'>) {
  const greeting = name ? `Thanks, ${name}!` : 'Thanks for your message!'
  const how = email ? `will reply to you by email at ${email}` : 'will reply as soon as possible'
  return `${greeting} Our technical team has been notified in Microsoft Teams and ${how}. Support hours are ${BUSINESS.hours.weekdays}.`
}

/**
 * Stores the visitor's message (and the reply) in their conversation, then queues the Teams card.
 * The store is what counts: if it throws (database down) the visitor is told the message was not
 * sent. A Teams failure later is retried by the outbox; the message is kept either way.
 */
export async function receiveChatMessage(visitorId: string, chat: ChatRequest) {
  const reply = agentReply(chat)
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
  try {
    const id = await queueOutboxMessage('teams', `chat:${visitorId}`, chatCard({ ...chat, siteUrl: getEnv().SITE_URL }))
    deliverSoon(id)
  } catch (error) {
    log.error({ visitorId, err: error }, 'chat message saved but its Teams card could not be queued')
  }
  return reply
}
