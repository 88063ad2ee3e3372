import type { Types } from 'mongoose'
import type { VisitorTranscript } from '#app/domain/chat'
import { ChatConversation } from '#app/chat/chat-model.server'
import { chatAvailability } from './availability.server'
import { findConversationOfVisitor, messageView, transcript } from './conversations.server'
import { existingChatVisitor } from './visitor-cookie.server'

// The visitor's side: their transcript (GET /api/chat/messages, /chat) and the limits on their
// event streams. Only a valid signed cookie reads a conversation; anyone else gets an empty one.

export type VisitorChat = VisitorTranscript & { lastEventId: number; conversationId: string | null }

export async function visitorChat(request: Request): Promise<VisitorChat> {
  const [visitorId, availability] = await Promise.all([existingChatVisitor(request), chatAvailability()])
  const conversation = visitorId ? await findConversationOfVisitor(visitorId) : null
  if (!conversation) return { messages: [], ...availability, contactKnown: false, lastEventId: 0, conversationId: null }
  // Reading the transcript is seeing the replies in it: none of them needs an e-mail any more.
  const [messages] = await Promise.all([transcript(conversation._id), noteVisitorPresence(conversation._id)])
  return {
    messages: messages.map(messageView),
    ...availability,
    contactKnown: Boolean(conversation.name && conversation.email),
    emailConfirmation:
      conversation.email && !conversation.emailConfirmedAt
        ? { email: conversation.email, sent: Boolean(conversation.emailConfirmationSentAt) }
        : null,
    lastEventId: messages.at(-1)?.seq ?? 0,
    conversationId: String(conversation._id),
  }
}

/**
 * The visitor is here now, on `page` if known (the path staff see beside the conversation). Best
 * effort: a page view or a stream matters more than this note, which the next one writes again.
 */
export async function noteVisitorPresence(conversationId: Types.ObjectId, page?: string) {
  await ChatConversation.updateOne({ _id: conversationId }, { $set: { visitorSeenAt: new Date(), ...(page ? { currentPage: page } : {}) } })
}

/** The page a visitor with a conversation moved to in the browser (client-side navigation); false without one. */
export async function recordVisitorPage(request: Request, page: string): Promise<boolean> {
  const visitorId = await existingChatVisitor(request)
  const conversation = visitorId ? await findConversationOfVisitor(visitorId) : null
  if (!conversation) return false
  await noteVisitorPresence(conversation._id, page)
  return true
}

/** Last-Event-ID (an automatic reconnect) or `?after=` (the page's own first connection). */
export function resumePoint(request: Request): number | null {
  const raw = request.headers.get('Last-Event-ID') ?? new URL(request.url).searchParams.get('after')
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null
  return Number(raw.trim())
}
