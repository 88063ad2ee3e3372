import { getStripe } from '#app/integrations/stripe-client.server'
import { postOnly } from '#app/lib/http/json-action.server'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { log } from '#app/lib/observability/logger.server'
import { isStripeError } from '#app/orders/orders.server'
import { setCancelAtPeriodEnd } from '#app/orders/staff-subscriptions.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import type { Route } from './+types/order-subscription'

// POST /api/admin/orders/:id/cancel and /resume: the subscription ends at its period's end, or
// carries on, through Stripe. One module for both; the route's id says which.
export function action({ request, params, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return postOnly('Use POST.')
    assertSameOrigin(request)
    const staff = await requireAdminApi(request)
    const cancel = new URL(request.url).pathname.endsWith('/cancel')
    const stripe = await getStripe()
    if (!stripe) return jsonError(503, 'Stripe is not configured.')
    try {
      const result = await setCancelAtPeriodEnd(stripe, params.id, cancel, { actor: staff, context })
      switch (result.outcome) {
        case 'changed':
          return Response.json({ order: result.order })
        case 'not-found':
          return jsonError(404, 'Order not found.')
        case 'no-subscription':
          return jsonError(409, 'This order has no Stripe subscription.')
        case 'not-active':
          return jsonError(409, `A ${result.status} order has no running subscription to ${cancel ? 'cancel' : 'resume'}.`)
      }
    } catch (error) {
      if (!isStripeError(error)) throw error
      log.warn({ orderId: params.id, err: error }, 'orders: Stripe refused or could not be reached for a subscription change')
      return jsonError(
        503,
        'Stripe could not be reached or refused the change; nothing was changed. Please try again in a minute.',
        undefined,
        {
          headers: { 'Retry-After': '60' },
        },
      )
    }
  })
}

export function loader() {
  return postOnly('Use POST.')
}
