import { requireAdminApi } from '#app/staff/require-admin.server'
import { eventStreamResponse } from '#app/chat/event-stream.server'
import { chatFeed } from '#app/chat/live-feed.server'
import { takeStreamSlot } from '#app/chat/stream-slots.server'
import { requestInfo } from '#app/lib/http/request-context'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat-events'

// GET /api/admin/chats/events: every new message of every conversation, as `message`
// events (the message object plus its conversationId). While one is open the staff member counts
// as present: the visitors' chat shows "online" in business hours.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const staff = await requireAdminApi(request)
    const release = takeStreamSlot(requestInfo(context).clientIp, `staff:${staff.id}`)
    if (!release) return jsonError(429, 'Too many open chat connections.', undefined, { headers: { 'Retry-After': '30' } })
    return eventStreamResponse(request, (connection) => {
      const stop = chatFeed.addStaff(staff.id, connection)
      return () => {
        stop()
        release()
      }
    })
  })
}
