import { requireAdminApi } from '#app/auth/require-admin.server'
import { replyToConversation } from '#app/chat/staff-chat.server'
import { staffReplySchema } from '#app/domain/chat-request'
import { fieldErrors } from '#app/domain/contact-form'
import { BODY_LIMITS } from '#app/http/body-limits'
import { readJsonBody } from '#app/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import type { Route } from './+types/chat-messages'

// POST /api/admin/chats/:id/messages {text} → 201 {message} (issue 15): a staff reply, stored with the
// staff member's id and shown to the visitor at once. 404 unknown conversation, 409 closed. Staff
// have no rate limit.
export function action({ request, params }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return jsonError(405, 'Use POST to send a reply.', undefined, { headers: { Allow: 'POST' } })
    const staff = await requireAdminApi(request)
    const parsed = staffReplySchema.safeParse(await readJsonBody(request, BODY_LIMITS.enquiry))
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error)
      return jsonError(400, Object.values(errors).flat()[0] ?? 'Please check your reply.', { errors })
    }
    const result = await replyToConversation(params.id, staff, parsed.data.text)
    return result.ok ? Response.json({ message: result.value }, { status: 201 }) : jsonError(result.status, result.message)
  })
}

export function loader() {
  return jsonError(405, 'Use POST to send a reply.', undefined, { headers: { Allow: 'POST' } })
}
