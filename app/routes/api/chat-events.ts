import { chatAvailability } from '#app/chat/availability.server'
import { findConversationOfVisitor } from '#app/chat/conversations.server'
import { eventStreamResponse } from '#app/chat/event-stream.server'
import { chatFeed } from '#app/chat/live-feed.server'
import { existingChatVisitor } from '#app/chat/visitor-cookie.server'
import { noteVisitorPresence, resumePoint } from '#app/chat/visitor-chat.server'
import { takeStreamSlot } from '#app/chat/stream-slots.server'
import { sitePagePath } from '#app/domain/chat'
import { requestInfo } from '#app/lib/http/request-context'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { log } from '#app/lib/observability/logger.server'
import type { Route } from './+types/chat-events'

// GET /api/chat/events: Server-Sent Events for the visitor's conversation. Each `message`
// event carries a message as GET /api/chat/messages has it, with its number as the event id, so a
// browser that reconnects (Last-Event-ID) gets exactly what it missed; `status` events say when
// staff come or go. No conversation: 204, which tells EventSource not to reconnect.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const visitorId = await existingChatVisitor(request)
    const conversation = visitorId ? await findConversationOfVisitor(visitorId) : null
    if (!conversation) return new Response(null, { status: 204 })
    const release = takeStreamSlot(requestInfo(context).clientIp, `conversation:${String(conversation._id)}`)
    if (!release) return jsonError(429, 'Too many open chat connections.', undefined, { headers: { 'Retry-After': '30' } })
    try {
      const after = resumePoint(request) ?? conversation.lastSeq ?? 0
      const page = sitePagePath(new URL(request.url).searchParams.get('page'))
      // Best effort: the stream matters more than the note (the heartbeat writes it again within 25 s).
      void noteVisitorPresence(conversation._id, page).catch((error: unknown) =>
        log.warn({ err: error }, 'chat: a visitor stream opened without its note'),
      )
      const availability = await chatAvailability()
      return eventStreamResponse(request, (connection) => {
        connection.send('status', availability)
        const stop = chatFeed.addVisitor(String(conversation._id), after, connection)
        return () => {
          stop()
          release()
        }
      })
    } catch (error) {
      release()
      throw error
    }
  })
}
