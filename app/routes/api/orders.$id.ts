import { findAdminSession } from '#app/staff/admin-session.server'
import { mustEnrolTotp, TOTP_REQUIRED_MESSAGE } from '#app/staff/require-admin.server'
import { requestInfo } from '#app/lib/http/request-context'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { bearerToken } from '#app/orders/order-access.server'
import { findOrderStatus } from '#app/orders/orders.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import type { Route } from './+types/orders.$id'

// SPEC §7: GET /api/orders/{id}, used by the buyer's page to check the status. It shows only
// the status and what the buyer already knows; never the name, e-mail or Stripe ids. It needs the
// order's token (`Authorization: Bearer <orderToken>`, answered by POST /api/create-payment-intent)
// or a staff session, and an address gets a limited number of lookups.

const ORDER_LOOKUP_LIMIT = { name: 'order-lookup', limit: 60, windowMs: 10 * 60 * 1000 }

export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const staff = await findAdminSession(request)
    // A staff session counts only once its two-step enrolment is done, when owners require one.
    if (staff && (await mustEnrolTotp(staff))) return jsonError(403, TOTP_REQUIRED_MESSAGE)
    const token = bearerToken(request)
    if (!staff && !token) {
      return jsonError(
        401,
        'Send the order token you got when the payment started (Authorization: Bearer <token>), or sign in as staff.',
        undefined,
        { headers: { 'WWW-Authenticate': 'Bearer' } },
      )
    }
    if (!staff) {
      const limit = await hitRateLimit(ORDER_LOOKUP_LIMIT, requestInfo(context).clientIp)
      if (!limit.allowed) {
        return jsonError(429, 'Too many order lookups. Please wait a few minutes and try again.', undefined, {
          headers: { 'Retry-After': String(limit.retryAfterSeconds) },
        })
      }
    }
    const order = await findOrderStatus(params.id, staff ? { staff: true } : { token })
    if (!order) return jsonError(404, 'Order not found')
    // No Cache-Control here: the security headers mark /api/orders/ no-store.
    return Response.json(order)
  })
}
