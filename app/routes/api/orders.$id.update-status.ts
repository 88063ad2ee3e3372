import mongoose from 'mongoose'
import { z } from 'zod'
import { requireAdminApi } from '#app/auth/require-admin.server'
import { ORDER_STATUSES, canChangeStatus } from '#app/domain/order-status'
import { BODY_LIMITS } from '#app/http/body-limits'
import { readJsonBody } from '#app/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { Order } from '#app/models/order.server'
import { withOrderLock } from '#app/payments/order-lock.server'
import type { Route } from './+types/orders.$id.update-status'

// SPEC §7: POST /api/orders/{id}/update-status with status and paymentId. Staff only: buyers
// must never mark their own order paid. Only the transitions of domain/order-status are allowed.
const updateStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  paymentId: z.string().trim().min(1).max(200).optional(),
})

export function action({ request, params }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    if (!mongoose.isValidObjectId(params.id)) return jsonError(404, 'Order not found')
    const body = await readJsonBody(request, BODY_LIMITS.orderStatus)
    const parsed = updateStatusSchema.safeParse(body)
    if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid status update')
    const { status, paymentId } = parsed.data

    const updated = await withOrderLock(params.id, async () => {
      const order = await Order.findById(params.id, { status: 1 }).lean()
      if (!order) return jsonError(404, 'Order not found')
      if (!canChangeStatus(order.status, status)) return jsonError(409, `An order that is ${order.status} cannot become ${status}.`)
      const changed = await Order.findOneAndUpdate(
        { _id: order._id, status: order.status },
        { $set: { status, ...(paymentId ? { paymentId } : {}), updatedAt: new Date() } },
        // No projection: FerretDB does not implement findAndModify's "fields".
        { new: true },
      ).lean()
      return changed ?? jsonError(409, 'The order changed meanwhile. Reload and try again.')
    })
    if (updated instanceof Response) return updated
    return Response.json({ id: String(updated._id), status: updated.status, paymentId: updated.paymentId ?? null })
  })
}
