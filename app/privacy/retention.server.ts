import type { Types } from 'mongoose'
import { ChatConversation, ChatResumeToken, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { pruneOutbox } from '#app/integrations/mail/outbox.server'
import { getEnv } from '#app/lib/config/env.server'
import { deleteInBatches } from '#app/lib/db/delete-in-batches.server'
import { log } from '#app/lib/observability/logger.server'

// Nothing kept longer than the privacy policy says: a daily job (one instance, by lease) deletes
// enquiries, chat conversations after their last activity, and delivered outbox messages that are
// past their period, a batch at a time, stopping between batches when its lease ends.

export type RetentionSettings = { enquiryDays: number; chatDays: number }

export function retentionFromEnv(): RetentionSettings {
  const env = getEnv()
  return { enquiryDays: env.ENQUIRY_RETENTION_DAYS, chatDays: env.CHAT_RETENTION_DAYS }
}

const DAY_MS = 24 * 60 * 60 * 1000
const CONVERSATIONS_PER_BATCH = 500

export type RetentionOutcome = { enquiries: number; conversations: number; messages: number; outbox: number }

/** Conversations whose last activity is before `cutoff`, with their messages and resume links. */
async function deleteOldConversations(cutoff: Date, signal?: AbortSignal) {
  let conversations = 0
  let messages = 0
  while (!signal?.aborted) {
    const batch = await ChatConversation.find({ updatedAt: { $lt: cutoff } }, { _id: 1 })
      .limit(CONVERSATIONS_PER_BATCH)
      .lean<{ _id: Types.ObjectId }[]>()
    if (batch.length === 0) break
    const ids = batch.map((doc) => doc._id)
    // Messages first: a run cut short leaves a conversation that the next run finds again.
    messages += await deleteInBatches(ConversationMessage, { conversationId: { $in: ids } })
    await ChatResumeToken.deleteMany({ conversationId: { $in: ids } })
    conversations += (await ChatConversation.deleteMany({ _id: { $in: ids } })).deletedCount
    if (batch.length < CONVERSATIONS_PER_BATCH) break
  }
  return { conversations, messages }
}

export async function applyRetention(settings = retentionFromEnv(), now = new Date(), signal?: AbortSignal): Promise<RetentionOutcome> {
  const enquiryCutoff = new Date(now.getTime() - settings.enquiryDays * DAY_MS)
  const chatCutoff = new Date(now.getTime() - settings.chatDays * DAY_MS)
  const enquiries = await deleteInBatches(Contact, { createdAt: { $lt: enquiryCutoff } })
  const chats = signal?.aborted ? { conversations: 0, messages: 0 } : await deleteOldConversations(chatCutoff, signal)
  const outbox = signal?.aborted ? 0 : await pruneOutbox(now, { queuedBefore: enquiryCutoff < chatCutoff ? chatCutoff : enquiryCutoff })
  const outcome = { enquiries, ...chats, outbox }
  if (enquiries + chats.conversations + chats.messages + outbox > 0) log.info(outcome, 'retention: removed records past their period')
  return outcome
}
