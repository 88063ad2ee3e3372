import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE, TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE } from '#app/domain/payment-messages'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { paymentRequestSchema } from '#app/domain/payment-request'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { requestInfo } from '#app/lib/http/request-context'
import { badRequest, jsonError } from '#app/lib/http/responses.server'
import {
  OrderRequestError,
  PAYMENT_ATTEMPT_LIMIT,
  PROVIDER_UNAVAILABLE_MESSAGE,
  isStripeError,
  startCardPayment,
} from '#app/orders/orders.server'
import { getStripe, isCardPaymentConfigured } from '#app/integrations/stripe-client.server'
import type { Route } from './+types/create-payment-intent'
import { log } from '#app/lib/observability/logger.server'

// SPEC §7: POST /api/create-payment-intent. Validates, prices on the server, stores a pending
// order and an incomplete Stripe subscription, and answers the secret Stripe.js confirms.
// 400 {message, errors}, 405, 413 (over BODY_LIMITS.paymentRequest), 415 and 429 as jsonAction says;
// 409 when the total differs from the server's; 502 when Stripe refuses; 503 without Stripe keys.

const POST_ONLY = 'Use POST to start a payment.'

export function loader() {
  return postOnly(POST_ONLY)
}

export function action({ request, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: paymentRequestSchema,
      maxBytes: BODY_LIMITS.paymentRequest,
      rateLimit: { rule: PAYMENT_ATTEMPT_LIMIT, subject: requestInfo(context).clientIp, message: TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE },
      postOnlyMessage: POST_ONLY,
    },
    async (payment) => {
      const stripe = await getStripe()
      if (!stripe || !isCardPaymentConfigured()) return jsonError(503, CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE)
      try {
        const { clientSecret, orderId, orderToken } = await startCardPayment(stripe, payment)
        return Response.json({ clientSecret, orderId, orderToken })
      } catch (error) {
        if (error instanceof OrderRequestError) {
          return error.status === 400 ? badRequest({ form: [error.message] }) : jsonError(error.status, error.message, error.extra)
        }
        if (isStripeError(error)) {
          log.error({ err: error }, 'payments: Stripe refused to start a payment')
          return jsonError(502, PROVIDER_UNAVAILABLE_MESSAGE)
        }
        throw error
      }
    },
  )
}
