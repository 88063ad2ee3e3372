import { requireAdminApi } from '#app/staff/require-admin.server'
import { listConversations } from '#app/chat/staff-chat.server'
import { readInboxFilter } from '#app/domain/chat-inbox'
import { handleJsonErrors } from '#app/lib/http/responses.server'
import type { Route } from './+types/chats'

// GET /api/admin/chats: the latest conversations, newest activity first, with unread counts, the
// visitor's last message, the page's title and the assignee; `?show=open|closed|mine` filters.
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const staff = await requireAdminApi(request)
    const show = readInboxFilter(new URL(request.url).searchParams.get('show'))
    return Response.json({ conversations: await listConversations({ show, staffId: staff.id }) })
  })
}
