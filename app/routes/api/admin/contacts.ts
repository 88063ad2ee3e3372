import { z } from 'zod'
import { CONTACTS_API_PAGE } from '#app/enquiries/staff-enquiries.server'
import { listEnquiriesForApi } from '#app/enquiries/enquiry-workflow.server'
import { ENQUIRY_STATUSES } from '#app/domain/enquiry'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { fieldErrors } from '#app/domain/zod'
import { badRequest, handleJsonErrors } from '#app/lib/http/responses.server'
import type { Route } from './+types/contacts'

// SPEC §7: a list of id, createdAt, name, email, phone, service, message, newest first, a page
// at a time: ?page= (from 1) and ?limit= (default 100, at most 500). The total is in
// X-Total-Count, the neighbouring pages in Link; a page past the end is an empty list. Each item
// also carries the staff workflow: status, assignee and notes; ?status= lists one status.
const pagingSchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${CONTACTS_API_PAGE.maxLimit}` })
    .int(`limit must be a whole number from 1 to ${CONTACTS_API_PAGE.maxLimit}`)
    .min(1, `limit must be a whole number from 1 to ${CONTACTS_API_PAGE.maxLimit}`)
    .max(CONTACTS_API_PAGE.maxLimit, `limit must be a whole number from 1 to ${CONTACTS_API_PAGE.maxLimit}`)
    .default(CONTACTS_API_PAGE.defaultLimit),
  status: z.enum(ENQUIRY_STATUSES, { error: 'status must be new, contacted or closed' }).optional(),
})

function linkHeader(url: URL, page: number, limit: number, total: number) {
  const at = (target: number) => {
    const next = new URL(url)
    next.searchParams.set('page', String(target))
    next.searchParams.set('limit', String(limit))
    return `<${next.pathname}${next.search}>`
  }
  const links = []
  if (page * limit < total) links.push(`${at(page + 1)}; rel="next"`)
  if (page > 1) links.push(`${at(Math.min(page - 1, Math.max(1, Math.ceil(total / limit))))}; rel="prev"`)
  return links.join(', ')
}

export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const url = new URL(request.url)
    // An empty parameter (?page=) means the default, as if it were absent.
    const query = Object.fromEntries(
      [...url.searchParams].filter(([name, value]) => (name === 'page' || name === 'limit' || name === 'status') && value),
    )
    const paging = pagingSchema.safeParse(query)
    if (!paging.success) return badRequest(fieldErrors(paging.error))
    const { page, limit, status } = paging.data
    const { items, total } = await listEnquiriesForApi({ page, limit, status: status ?? null })
    const headers = new Headers({ 'X-Total-Count': String(total) })
    const links = linkHeader(url, page, limit, total)
    if (links) headers.set('Link', links)
    return Response.json(items, { headers })
  })
}
