import { redirect } from 'react-router'
import { closeConversation, reopenConversation } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat-status'

// Two tasks of a conversation's page, /close and /reopen: the address says which, the body nothing.

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request)
  const closing = new URL(request.url).pathname.endsWith('/close')
  const done = await (closing ? closeConversation : reopenConversation)(params.id, staff)
  invariantResponse(done.ok, 'Conversation not found', 404)
  return redirect(`/admin/chats/${params.id}`, { status: 303 })
}
