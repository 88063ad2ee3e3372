import { requireAdminApi } from '#app/staff/require-admin.server'
import { conversationDetail } from '#app/chat/staff-chat.server'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat'

// GET /api/admin/chats/:id: one conversation and its transcript (the newest 200 messages).
// Reading it through the API does not mark it read; opening the page does.
export function loader({ request, params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const conversation = await conversationDetail(params.id)
    return conversation ? Response.json({ conversation }) : jsonError(404, 'No such conversation.')
  })
}
