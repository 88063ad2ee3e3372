import { z } from 'zod'
import { changeOrderStatus } from '#app/orders/staff-orders.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { ORDER_STATUSES } from '#app/domain/order-status'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/orders.$id.update-status'

// SPEC §7: POST /api/orders/{id}/update-status with status and paymentId. Staff only: buyers
// must never mark their own order paid. The same status change as the staff order page
// (changeOrderStatus): 404 unknown order, 409 a move the rules forbid or a race lost.
const updateStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  paymentId: z.string().trim().min(1).max(200).optional(),
})

const POST_ONLY = 'Use POST to change an order status.'

export function loader() {
  return postOnly(POST_ONLY)
}

export function action({ request, params, context }: Route.ActionArgs) {
  return jsonAction(
    { request, schema: updateStatusSchema, maxBytes: BODY_LIMITS.orderStatus, guard: requireAdminApi, postOnlyMessage: POST_ONLY },
    async ({ status, paymentId }, actor) => {
      const change = await changeOrderStatus(params.id, status, { actor, context }, { paymentId })
      switch (change.outcome) {
        case 'changed':
          return Response.json(change.order)
        case 'not-found':
          return jsonError(404, 'Order not found')
        case 'not-allowed':
          return jsonError(409, `An order that is ${change.from} cannot become ${status}.`)
        case 'changed-meanwhile':
          return jsonError(409, 'The order changed meanwhile. Reload and try again.')
      }
    },
  )
}
