import { requestInfo } from '#app/http/request-context'
import { readJsonBody } from '#app/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { paymentRequestSchema } from '#app/domain/payment-request'
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from '#app/domain/payment-messages'
import { getStripe, isCardPaymentConfigured } from '#app/payments/stripe-client.server'
import {
  OrderRequestError,
  PAYMENT_ATTEMPT_LIMIT,
  PROVIDER_UNAVAILABLE_MESSAGE,
  isStripeError,
  startCardPayment,
} from '#app/payments/orders.server'
import { hitRateLimit } from '#app/security/rate-limit.server'
import type { Route } from './+types/create-payment-intent'
import { log } from '#app/observability/logger.server'

// SPEC §7: POST /api/create-payment-intent. Validates, prices on the server, stores a pending
// order and an incomplete Stripe subscription, and answers the secret Stripe.js confirms.
// 415 for a body that is not JSON, 413 for one over MAX_BODY_BYTES, 400 for broken JSON.

/** A payment request is nine short fields: well under 1 KB usually, about 2 KB with each at its longest. */
const MAX_BODY_BYTES = 8 * 1024

export function loader() {
  return jsonError(405, 'Use POST to start a payment.', undefined, { headers: { Allow: 'POST' } })
}

export function action({ request, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return jsonError(405, 'Use POST to start a payment.', undefined, { headers: { Allow: 'POST' } })
    const body = await readJsonBody(request, MAX_BODY_BYTES)
    const parsed = paymentRequestSchema.safeParse(body)
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
      return jsonError(400, issues[0]?.message ?? 'Invalid payment details', { issues })
    }

    const stripe = getStripe()
    if (!stripe || !isCardPaymentConfigured()) return jsonError(503, CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE)

    const limit = await hitRateLimit(PAYMENT_ATTEMPT_LIMIT, requestInfo(context).clientIp)
    if (!limit.allowed) {
      return jsonError(429, 'Too many payment attempts. Please wait a few minutes and try again.', undefined, {
        headers: { 'Retry-After': String(limit.retryAfterSeconds) },
      })
    }

    try {
      const { clientSecret, orderId } = await startCardPayment(stripe, parsed.data)
      return Response.json({ clientSecret, orderId })
    } catch (error) {
      if (error instanceof OrderRequestError) return jsonError(error.status, error.message, error.extra)
      if (isStripeError(error)) {
        log.error({ err: error }, 'payments: Stripe refused to start a payment')
        return jsonError(502, PROVIDER_UNAVAILABLE_MESSAGE)
      }
      throw error
    }
  })
}
