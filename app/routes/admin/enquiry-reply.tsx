import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { replyToEnquiry } from '#app/enquiries/enquiry-workflow.server'
import { ENQUIRY_REPLY_RATE_LIMIT, REPLY_RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { enquiryReplySchema } from '#app/domain/enquiry'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import type { Route } from './+types/enquiry-reply'

// One task of an enquiry's page: an e-mail reply to the visitor. Shown only when refused, inside the
// enquiry's page (no loader: after a refusal the page stays at this address with its message), whose
// reply form reads this answer to come back filled with what was sent.

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: enquiryReplySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const limit = await hitRateLimit(ENQUIRY_REPLY_RATE_LIMIT, actor.id)
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: [REPLY_RATE_LIMITED_MESSAGE] }) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  }
  const done = await replyToEnquiry(params.id, submission.value, { actor, context })
  if (!done.ok) await limit.release()
  invariantResponse(done.ok, 'Enquiry not found', 404)
  return redirectWithToast(`/admin/enquiries/${params.id}`, {
    title: 'Reply sent',
    description: 'It is on its way through the mail queue.',
  })
}

export default function ReplyRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The reply was not sent" result={actionData?.result} formAt="#reply-heading" />
}
