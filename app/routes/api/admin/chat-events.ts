import { findAdminSession } from '#app/staff/admin-session.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { eventStreamResponse } from '#app/chat/event-stream.server'
import { chatFeed } from '#app/chat/live-feed.server'
import { takeStreamSlot } from '#app/chat/stream-slots.server'
import { requestInfo } from '#app/lib/http/request-context'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat-events'

/** A staff stream's longest life, however long its session lasts. */
const STAFF_STREAM_MAX_LIFE_MS = 15 * 60 * 1000

// GET /api/admin/chats/events: every new message of every conversation, as `message`
// events (the message object plus its conversationId). While one is open the staff member counts
// as present: the visitors' chat shows "online" in business hours.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const staff = await requireAdminApi(request)
    const release = takeStreamSlot(requestInfo(context).clientIp, `staff:${staff.id}`)
    if (!release) return jsonError(429, 'Too many open chat connections.', undefined, { headers: { 'Retry-After': '30' } })
    return eventStreamResponse(request, (connection) => {
      // Re-checked at every heartbeat (25 s): a signed-out, disabled or reset account stops receiving.
      const stillAllowed = async () => (await findAdminSession(request))?.id === staff.id
      const stop = chatFeed.addStaff(staff.id, connection, stillAllowed)
      // The browser reconnects after this and passes the full guard again.
      const maxLife = setTimeout(() => connection.close(1000), STAFF_STREAM_MAX_LIFE_MS)
      return () => {
        clearTimeout(maxLife)
        stop()
        release()
      }
    })
  })
}
