import { z } from 'zod'
import { recordVisitorPage } from '#app/chat/visitor-chat.server'
import { sitePagePath } from '#app/domain/chat'
import { CHAT_PAGE_RATE_LIMIT } from '#app/chat/limits.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { requestInfo } from '#app/lib/http/request-context'
import type { Route } from './+types/chat-page'

// POST /api/chat/page {page}: a visitor with a conversation moved to another page without a full
// load (client-side navigation), so staff see where they are. 204 whether or not there is a
// conversation; 400 for anything that is not a path of this site.
const POST_ONLY = 'Use POST to say which page you are on.'
const pageSchema = z.object({
  page: z
    .string({ error: 'page is required' })
    .max(2000, 'page must be at most 2000 characters')
    .transform((raw, ctx) => sitePagePath(raw) ?? (ctx.addIssue({ code: 'custom', message: 'page must be a path of this site' }), z.NEVER)),
})

export function action({ request, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: pageSchema,
      maxBytes: BODY_LIMITS.chatPage,
      rateLimit: {
        rule: CHAT_PAGE_RATE_LIMIT,
        subject: requestInfo(context).clientIp,
        message: 'Too many page changes in a short time.',
      },
      postOnlyMessage: POST_ONLY,
    },
    async ({ page }) => {
      await recordVisitorPage(request, page)
      return new Response(null, { status: 204 })
    },
  )
}

export function loader() {
  return postOnly(POST_ONLY)
}
