import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { addEnquiryNote } from '#app/enquiries/enquiry-workflow.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { enquiryNoteSchema } from '#app/domain/enquiry'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import type { Route } from './+types/enquiry-note'

// One task of an enquiry's page: an internal note. Shown only when refused, inside the
// enquiry's page (no loader: after a refusal the page stays at this address with its message).

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: enquiryNoteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const done = await addEnquiryNote(params.id, submission.value.note, { actor, context })
  invariantResponse(done.ok, 'Enquiry not found', 404)
  return redirectWithToast(`/admin/enquiries/${params.id}`, { title: 'Note added' })
}

export default function NoteRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The note was not added" result={actionData?.result} />
}
