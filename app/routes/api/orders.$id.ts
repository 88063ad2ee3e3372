import mongoose from 'mongoose'
import { findAdminSession } from '#app/auth/admin-session.server'
import { requestInfo } from '#app/http/request-context'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { Order } from '#app/models/order.server'
import { bearerToken, orderAccessTokenMatches } from '#app/payments/order-access.server'
import { hitRateLimit } from '#app/security/rate-limit.server'
import type { Route } from './+types/orders.$id'

// SPEC §7: GET /api/orders/{id}, used by the buyer's page to check the status. It shows only
// the status and what the buyer already knows; never the name, e-mail or Stripe ids. It needs the
// order's token (`Authorization: Bearer <orderToken>`, answered by POST /api/create-payment-intent)
// or a staff session, and an address gets a limited number of lookups.

const ORDER_LOOKUP_LIMIT = { name: 'order-lookup', limit: 60, windowMs: 10 * 60 * 1000 }
const NOT_FOUND = 'Order not found'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const staff = await findAdminSession(request)
    const token = bearerToken(request)
    if (!staff && !token) {
      return jsonError(
        401,
        'Send the order token you got when the payment started (Authorization: Bearer <token>), or sign in as staff.',
        undefined,
        {
          headers: { 'WWW-Authenticate': 'Bearer' },
        },
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
    if (!mongoose.isValidObjectId(params.id)) return jsonError(404, NOT_FOUND)
    const order = await Order.findById(params.id, { status: 1, amount: 1, planId: 1, createdAt: 1, accessTokenHash: 1 }).lean()
    // A wrong token reads the same as an unknown order: ids are not to be probed.
    if (!order || (!staff && !orderAccessTokenMatches(token, order.accessTokenHash))) return jsonError(404, NOT_FOUND)
    return Response.json({
      id: String(order._id),
      status: order.status,
      amount: order.amount,
      planId: order.planId,
      createdAt: order.createdAt,
    })
  })
}
