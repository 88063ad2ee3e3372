import mongoose from 'mongoose'
import { z } from 'zod'
import { changeOrderStatus } from '#app/admin/orders.server'
import { requireAdminApi } from '#app/auth/require-admin.server'
import { ORDER_STATUSES } from '#app/domain/order-status'
import { BODY_LIMITS } from '#app/http/body-limits'
import { readJsonBody } from '#app/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import type { Route } from './+types/orders.$id.update-status'

// SPEC §7: POST /api/orders/{id}/update-status with status and paymentId. Staff only: buyers
// must never mark their own order paid. Only the transitions of domain/order-status are allowed.
const updateStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  paymentId: z.string().trim().min(1).max(200).optional(),
})

export function action({ request, params, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    const actor = await requireAdminApi(request)
    if (!mongoose.isValidObjectId(params.id)) return jsonError(404, 'Order not found')
    const body = await readJsonBody(request, BODY_LIMITS.orderStatus)
    const parsed = updateStatusSchema.safeParse(body)
    if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid status update')
    const { status, paymentId } = parsed.data

    const change = await changeOrderStatus(params.id, status, { actor, context }, { paymentId })
    if (change.outcome === 'not-found') return jsonError(404, 'Order not found')
    if (change.outcome === 'not-allowed') return jsonError(409, `An order that is ${change.from} cannot become ${status}.`)
    return Response.json(change.order)
  })
}
