import { z } from 'zod'
import { ORDER_FILTERS } from '#app/domain/order-status'
import { fieldErrors } from '#app/domain/zod'
import { badRequest, handleJsonErrors } from '#app/lib/http/responses.server'
import { ORDERS_API_PAGE, listOrdersForApi } from '#app/orders/staff-subscriptions.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import type { Route } from './+types/orders'

// GET /api/admin/orders?status=&page=&limit=: orders newest first, paged as /api/admin/contacts
// (X-Total-Count, Link); status is one of the staff tabs (a status, or "canceling").
const limitMessage = `limit must be a whole number from 1 to ${ORDERS_API_PAGE.maxLimit}`
const querySchema = z.object({
  status: z.enum(ORDER_FILTERS, { error: `status must be one of ${ORDER_FILTERS.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(ORDERS_API_PAGE.maxLimit, limitMessage)
    .default(ORDERS_API_PAGE.defaultLimit),
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
    const query = Object.fromEntries([...url.searchParams].filter(([name, value]) => ['status', 'page', 'limit'].includes(name) && value))
    const parsed = querySchema.safeParse(query)
    if (!parsed.success) return badRequest(fieldErrors(parsed.error))
    const { page, limit, status } = parsed.data
    const { orders, total } = await listOrdersForApi({ page, limit, filter: status ?? null })
    const headers = new Headers({ 'X-Total-Count': String(total) })
    const links = linkHeader(url, page, limit, total)
    if (links) headers.set('Link', links)
    return Response.json(orders, { headers })
  })
}
