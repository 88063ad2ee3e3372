import { visitorChat } from '#app/chat/visitor-chat.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'

// GET /api/chat/messages: the visitor's transcript, whether staff are online, and if not
// when to expect a reply. Only the signed visitor cookie reads a conversation; without one (or
// with a forged one) the transcript is empty. `lastEventId` is where the event stream starts.
export function loader({ request }: { request: Request }) {
  return handleJsonErrors(async () => {
    const { conversationId: _, ...chat } = await visitorChat(request)
    return Response.json(chat, { headers: { 'Cache-Control': 'no-store' } })
  })
}
