import { receiveChatMessage } from '#app/chat/receive-chat.server'
import { chatVisitor } from '#app/chat/visitor-cookie.server'
import { chatRequestSchema } from '#app/domain/chat-request'
import { CHAT_RATE_LIMIT } from '#app/chat/limits.server'
import { RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { requestInfo } from '#app/lib/http/request-context'
import type { Route } from './+types/teams-chat'

// POST /api/teams-chat (SPEC §7): {message, email?, name?} → {ok, response}. The message is stored
// in the visitor's conversation (a signed cookie ties their messages together), handed to staff
// live (/admin/chats) and forwarded to Microsoft Teams through the outbox. The answer also carries
// the stored message, the automatic reply if there is one, and `lastEventId` (where the visitor's
// event stream picks up), for the widget. Same size limit and statuses as POST /api/contact;
// every answer carries SPEC's `ok` flag.
const POST_ONLY = 'Use POST to send a chat message.'
const NOT_OK = { ok: false }

export function action({ request, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: chatRequestSchema,
      maxBytes: BODY_LIMITS.enquiry,
      rateLimit: { rule: CHAT_RATE_LIMIT, subject: requestInfo(context).clientIp, message: RATE_LIMITED_MESSAGE },
      postOnlyMessage: POST_ONLY,
      errorFields: NOT_OK,
    },
    async (chat) => {
      const { visitorId, setCookie } = await chatVisitor(request)
      const { response, message, autoReply, lastEventId } = await receiveChatMessage(visitorId, chat)
      return Response.json(
        { ok: true, response, message, ...(autoReply ? { autoReply } : {}), lastEventId },
        { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
      )
    },
  )
}

export function loader() {
  return postOnly(POST_ONLY, NOT_OK)
}
