import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { findOrderDetail } from '#app/orders/staff-subscriptions.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import type { Route } from './+types/order'

// GET /api/admin/orders/:id: the order with its subscription and invoices; 404 for an unknown id.
export function loader({ request, params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const order = await findOrderDetail(params.id)
    return order ? Response.json(order) : jsonError(404, 'Order not found.')
  })
}
