import { requestInfo } from '#app/http/request-context'
import { receiveChatMessage } from '#app/chat/receive-chat.server'
import { chatVisitor } from '#app/chat/visitor-cookie.server'
import { chatRequestSchema } from '#app/domain/chat-request'
import { fieldErrors } from '#app/domain/contact-form'
import { readJsonBody } from '#app/http/request-body.server'
import { CHAT_RATE_LIMIT, RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { BODY_LIMITS } from '#app/http/body-limits'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { hitRateLimit } from '#app/security/rate-limit.server'
import type { Route } from './+types/teams-chat'

// POST /api/teams-chat (SPEC §7): {message, email?, name?} → {ok, response}. The message is stored
// in the visitor's conversation (a signed cookie ties their messages together), handed to staff
// live and forwarded to Microsoft Teams through the outbox. The answer also carries the stored
// message and the automatic reply, if any, for the widget. Same size limit and statuses as POST
// /api/contact.
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return jsonError(405, 'Use POST to send a chat message.', { ok: false }, { headers: { Allow: 'POST' } })
    const body = await readJsonBody(request, BODY_LIMITS.enquiry)
    const parsed = chatRequestSchema.safeParse(body)
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error)
      return jsonError(400, Object.values(errors).flat()[0] ?? 'Please check your message.', { ok: false, errors })
    }
    const limit = await hitRateLimit(CHAT_RATE_LIMIT, requestInfo(context).clientIp)
    if (!limit.allowed)
      return jsonError(429, RATE_LIMITED_MESSAGE, { ok: false }, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
    const { visitorId, setCookie } = await chatVisitor(request)
    const { response, message, autoReply, lastEventId } = await receiveChatMessage(visitorId, parsed.data)
    return Response.json(
      { ok: true, response, message, ...(autoReply ? { autoReply } : {}), lastEventId },
      { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
    )
  })
}

export function loader() {
  return jsonError(405, 'Use POST to send a chat message.', { ok: false }, { headers: { Allow: 'POST' } })
}
