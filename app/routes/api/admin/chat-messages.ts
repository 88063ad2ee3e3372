import { type AdminUser, requireAdminApi } from '#app/staff/require-admin.server'
import { replyToConversation } from '#app/chat/staff-chat.server'
import { staffReplySchema } from '#app/domain/chat-request'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat-messages'

// POST /api/admin/chats/:id/messages {text} → 201 {message}: a staff reply, stored with the
// staff member's id and shown to the visitor at once. 404 unknown conversation, 409 closed. Staff
// have no rate limit.
const POST_ONLY = 'Use POST to send a reply.'

export function action({ request, params }: Route.ActionArgs) {
  let staff: AdminUser | undefined
  return jsonAction(
    {
      request,
      schema: staffReplySchema,
      maxBytes: BODY_LIMITS.enquiry,
      guard: async (request) => (staff = await requireAdminApi(request)),
      postOnlyMessage: POST_ONLY,
    },
    async ({ text }) => {
      const result = await replyToConversation(params.id, staff!, text)
      return result.ok ? Response.json({ message: result.value }, { status: 201 }) : jsonError(result.status, result.message)
    },
  )
}

export function loader() {
  return postOnly(POST_ONLY)
}
