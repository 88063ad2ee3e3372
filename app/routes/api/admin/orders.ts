import { z } from 'zod'
import { ORDER_FILTERS } from '#app/domain/order-status'
import { fieldErrors } from '#app/domain/zod'
import { pagedJson, pagingFields, queryValues } from '#app/lib/http/paged-list.server'
import { badRequest, handleJsonErrors } from '#app/lib/http/responses.server'
import { ORDERS_API_PAGE, listOrdersForApi } from '#app/orders/staff-subscriptions.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import type { Route } from './+types/orders'

// GET /api/admin/orders?status=&page=&limit=: orders newest first, paged as /api/admin/contacts;
// status is one of the staff tabs (a status, or "canceling").
const querySchema = z.object({
  status: z.enum(ORDER_FILTERS, { error: `status must be one of ${ORDER_FILTERS.join(', ')}` }).optional(),
  ...pagingFields(ORDERS_API_PAGE),
})

export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const url = new URL(request.url)
    const parsed = querySchema.safeParse(queryValues(url, ['status', 'page', 'limit']))
    if (!parsed.success) return badRequest(fieldErrors(parsed.error))
    const { page, limit, status } = parsed.data
    const { orders, total } = await listOrdersForApi({ page, limit, filter: status ?? null })
    return pagedJson(url, orders, { page, limit, total })
  })
}
