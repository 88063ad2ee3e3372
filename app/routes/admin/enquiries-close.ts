import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { closeEnquiries } from '#app/enquiries/enquiry-workflow.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { bulkCloseSchema } from '#app/domain/enquiry'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import type { Route } from './+types/enquiries-close'

// Bulk close: the ticked enquiries of the list, then back to the list as it was filtered.

export function loader() {
  return redirect('/admin/enquiries')
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const back = `/admin/enquiries${new URL(request.url).search}`
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: bulkCloseSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Tick the enquiries to close'
    return redirectWithToast(back, { title: 'Nothing closed', description: message, variant: 'destructive' })
  }
  const closed = await closeEnquiries(submission.value.ids, { actor, context })
  return redirectWithToast(back, { title: closed === 1 ? '1 enquiry closed' : `${closed} enquiries closed` })
}
