import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { setEnquiryStatus } from '#app/enquiries/enquiry-workflow.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { ENQUIRY_STATUS_LABELS, enquiryStatusSchema } from '#app/domain/enquiry'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import type { Route } from './+types/enquiry-status'

// One task of an enquiry's page: its status. Shown only when refused, inside the
// enquiry's page (no loader: after a refusal the page stays at this address with its message).

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: enquiryStatusSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const done = await setEnquiryStatus(params.id, submission.value.status, { actor, context })
  invariantResponse(done.ok, 'Enquiry not found', 404)
  return redirectWithToast(`/admin/enquiries/${params.id}`, {
    title: `Marked ${ENQUIRY_STATUS_LABELS[submission.value.status].toLowerCase()}`,
  })
}

export default function StatusRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The status was not changed" result={actionData?.result} />
}
