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

/** Open event streams per client address in this process (visitors' and staff's). */
export const MAX_STREAMS_PER_ADDRESS = 20
const streamsByAddress = new Map<string, number>()

/** Takes one of the address's stream slots, or returns null when it has all of them open. */
export function takeStreamSlot(address: string): (() => void) | null {
  const open = streamsByAddress.get(address) ?? 0
  if (open >= MAX_STREAMS_PER_ADDRESS) return null
  streamsByAddress.set(address, open + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (streamsByAddress.get(address) ?? 1) - 1
    if (left <= 0) streamsByAddress.delete(address)
    else streamsByAddress.set(address, left)
  }
}

/** Last-Event-ID (an automatic reconnect) or `?after=` (the page's own first connection). */
export function resumePoint(request: Request): number | null {
  const raw = request.headers.get('Last-Event-ID') ?? new URL(request.url).searchParams.get('after')
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null
  return Number(raw.trim())
}
