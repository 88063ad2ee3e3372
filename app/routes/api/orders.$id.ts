import mongoose from 'mongoose'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { Order } from '#app/models/order.server'
import type { Route } from './+types/orders.$id'

// SPEC §7: GET /api/orders/{id}, used by the buyer's page to check the status. It shows only
// the status and what the buyer already knows; never the name, e-mail or Stripe ids.
export function loader({ params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    if (!mongoose.isValidObjectId(params.id)) return jsonError(404, 'Order not found')
    const order = await Order.findById(params.id, { status: 1, amount: 1, planId: 1, createdAt: 1 }).lean()
    if (!order) return jsonError(404, 'Order not found')
    return Response.json(
      { id: String(order._id), status: order.status, amount: order.amount, planId: order.planId, createdAt: order.createdAt },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  })
}
