import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { findOrderStatus } from '#app/payments/orders.server'
import type { Route } from './+types/orders.$id'

// SPEC §7: GET /api/orders/{id}, used by the buyer's page to check the status.
export function loader({ params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const order = await findOrderStatus(params.id)
    if (!order) return jsonError(404, 'Order not found')
    return Response.json(order, { headers: { 'Cache-Control': 'no-store' } })
  })
}
