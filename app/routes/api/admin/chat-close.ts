import { requireAdminApi } from '#app/staff/require-admin.server'
import { closeConversation } from '#app/chat/staff-chat.server'
import { postOnly } from '#app/lib/http/json-action.server'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat-close'

// POST /api/admin/chats/:id/close: closes a conversation (a note in the transcript says who). 404 unknown.
export function action({ request, params }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return postOnly('Use POST.')
    const staff = await requireAdminApi(request)
    const result = await closeConversation(params.id, staff)
    return result.ok ? Response.json({ conversation: result.value }) : jsonError(result.status, result.message)
  })
}

export function loader() {
  return postOnly('Use POST.')
}
