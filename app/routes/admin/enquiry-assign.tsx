import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { assignEnquiry } from '#app/enquiries/enquiry-workflow.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { assignSchema, CHOOSE_ASSIGNEE_MESSAGE } from '#app/domain/assignee'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import type { Route } from './+types/enquiry-assign'

// One task of an enquiry's page: who owns it. Shown only when refused, inside the
// enquiry's page (no loader: after a refusal the page stays at this address with its message).

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const form = await readFormWithLimit(request, BODY_LIMITS.default)
  const submission = parseWithZod(form, { schema: assignSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  // "Nobody" is sent as an empty value; a post without the field (not this page's form) changes nothing.
  if (!form.has('assignee'))
    return data({ result: submission.reply({ fieldErrors: { assignee: [CHOOSE_ASSIGNEE_MESSAGE] } }) }, { status: 400 })
  const assignee = submission.value.assignee ?? null
  const done = await assignEnquiry(params.id, assignee, { actor, context })
  if (!done.ok) {
    invariantResponse(done.status !== 404, 'Enquiry not found', 404)
    return data({ result: submission.reply({ fieldErrors: { assignee: [done.message] } }) }, { status: 400 })
  }
  return redirectWithToast(`/admin/enquiries/${params.id}`, { title: assignee ? 'Owner set' : 'Owner removed' })
}

export default function AssignRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The owner was not changed" result={actionData?.result} />
}
