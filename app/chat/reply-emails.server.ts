import type { Types } from 'mongoose'
import { getEnv } from '#app/lib/config/env.server'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { log } from '#app/lib/observability/logger.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { chatReplyEmail } from './chat-mail.server'
import { createResumeToken, RESUME_TOKEN_DAYS } from './resume-token.server'

// Nobody left waiting: a staff reply its visitor did not see live (no stream of theirs got it, opened
// or closed, and no transcript read, within 2 minutes, on any instance) is e-mailed to their confirmed address through
// the outbox, with a single-use link back to the chat. A leased background job settles each reply once.

export const UNSEEN_REPLY_MS = 2 * 60 * 1000
const PER_RUN = 200

type PendingReply = { _id: Types.ObjectId; conversationId: Types.ObjectId; text: string; at: Date; staffName?: string | null }

/** A reply handed to one of its visitor's open streams: they saw it live, so it is never e-mailed. */
export async function markReplySeen(replyId: Types.ObjectId) {
  await ConversationMessage.updateOne({ _id: replyId, replyDelivery: 'pending' }, { $set: { replyDelivery: 'seen' } })
}

export async function emailUnseenReplies(now = new Date(), signal?: AbortSignal) {
  const due = await ConversationMessage.find(
    { replyDelivery: 'pending', at: { $lte: new Date(now.getTime() - UNSEEN_REPLY_MS) } },
    { conversationId: 1, text: 1, at: 1, staffName: 1 },
  )
    .sort({ at: 1 })
    .limit(PER_RUN)
    .lean<PendingReply[]>()
  const byConversation = new Map<string, PendingReply[]>()
  for (const reply of due)
    byConversation.set(String(reply.conversationId), [...(byConversation.get(String(reply.conversationId)) ?? []), reply])

  const outcome = { seen: 0, emailed: 0, unreachable: 0 }
  for (const replies of byConversation.values()) {
    if (signal?.aborted) break
    const conversation = await ChatConversation.findById(replies[0]!.conversationId, {
      name: 1,
      email: 1,
      emailConfirmedAt: 1,
      visitorSeenAt: 1,
    }).lean()
    // Seen live: a stream of the visitor's was open (opened, a heartbeat, closed) after the reply.
    const seenAt = conversation?.visitorSeenAt?.getTime() ?? 0
    const seen = replies.filter((reply) => reply.at.getTime() <= seenAt)
    const unseen = replies.filter((reply) => reply.at.getTime() > seenAt)
    outcome.seen += await settle(seen, 'seen')
    if (unseen.length === 0) continue
    // No address, or one its visitor has not confirmed (it may be anyone's): nothing is mailed.
    // Confirming puts recent replies back (chat/email-confirmation.server.ts).
    if (!conversation?.email || !conversation.emailConfirmedAt) {
      outcome.unreachable += await settle(unseen, 'unreachable')
      continue
    }
    // Claimed before queueing: a reply is e-mailed at most once.
    if ((await settle(unseen, 'emailed')) === 0) continue
    try {
      const token = await createResumeToken(conversation._id, now)
      const id = await queueOutboxMessage(
        'email',
        `chat-reply:${String(conversation._id)}:${String(unseen[0]!._id)}`,
        chatReplyEmail({
          to: conversation.email,
          name: conversation.name ?? undefined,
          replies: unseen.map((reply) => ({ staffName: reply.staffName ?? undefined, text: reply.text })),
          resumeUrl: `${getEnv().SITE_URL}/chat?resume=${token}`,
          validDays: RESUME_TOKEN_DAYS,
        }),
      )
      deliverSoon(id)
      outcome.emailed += unseen.length
    } catch (error) {
      // Back to pending: the next run tries again.
      await settle(unseen, 'pending', 'emailed')
      log.warn({ conversationId: String(conversation._id), err: error }, 'chat: a reply e-mail could not be queued; retrying')
    }
  }
  return outcome
}

async function settle(
  replies: PendingReply[],
  to: 'seen' | 'emailed' | 'unreachable' | 'pending',
  from: 'pending' | 'emailed' = 'pending',
) {
  if (replies.length === 0) return 0
  const { modifiedCount } = await ConversationMessage.updateMany(
    { _id: { $in: replies.map((reply) => reply._id) }, replyDelivery: from },
    { $set: { replyDelivery: to } },
  )
  return modifiedCount
}
