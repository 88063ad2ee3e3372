import { requireAdminApi } from '#app/staff/require-admin.server'
import { listConversations } from '#app/chat/staff-chat.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'
import type { Route } from './+types/chats'

// GET /api/admin/chats: the latest conversations, newest activity first, with unread counts.
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    return Response.json({ conversations: await listConversations() })
  })
}
