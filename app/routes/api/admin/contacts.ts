import { z } from 'zod'
import { CONTACTS_API_PAGE } from '#app/enquiries/staff-enquiries.server'
import { listEnquiriesForApi } from '#app/enquiries/enquiry-workflow.server'
import { ENQUIRY_STATUSES } from '#app/domain/enquiry'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { fieldErrors } from '#app/domain/zod'
import { pagedJson, pagingFields, queryValues } from '#app/lib/http/paged-list.server'
import { badRequest, handleJsonErrors } from '#app/lib/http/responses.server'
import type { Route } from './+types/contacts'

// SPEC §7: a list of id, createdAt, name, email, phone, service, message, newest first, a page
// at a time (default 100, at most 500). Each item also carries the staff workflow: status,
// assignee and notes; ?status= lists one status.
const querySchema = z.object({
  ...pagingFields(CONTACTS_API_PAGE),
  status: z.enum(ENQUIRY_STATUSES, { error: 'status must be new, contacted or closed' }).optional(),
})

export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const url = new URL(request.url)
    const parsed = querySchema.safeParse(queryValues(url, ['page', 'limit', 'status']))
    if (!parsed.success) return badRequest(fieldErrors(parsed.error))
    const { page, limit, status } = parsed.data
    const { items, total } = await listEnquiriesForApi({ page, limit, status: status ?? null })
    return pagedJson(url, items, { page, limit, total })
  })
}
