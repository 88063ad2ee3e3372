import { getEnv } from '#app/config/env.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { getStripe } from '#app/payments/stripe-client.server'
import { applyStripeEvent } from '#app/payments/webhook.server'
import type { Route } from './+types/stripe-webhook'
import { log } from '#app/observability/logger.server'

// POST /api/stripe/webhook: Stripe's signed events settle orders. The signature is checked over
// the raw body, so the body is read as text and parsed only by the SDK.
export function action({ request }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    const stripe = getStripe()
    const secret = getEnv().STRIPE_WEBHOOK_SECRET
    if (!stripe || !secret) return jsonError(503, 'Stripe webhooks are not configured.')
    const signature = request.headers.get('stripe-signature')
    if (!signature) return jsonError(400, 'Missing Stripe-Signature header.')
    const payload = await request.text()
    let event
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, secret)
    } catch {
      return jsonError(400, 'Invalid webhook signature.')
    }
    const outcome = await applyStripeEvent(event)
    log.info(
      { eventType: event.type, eventId: event.id, orderId: outcome.orderId, applied: outcome.applied, reason: outcome.reason },
      'payments: Stripe webhook event',
    )
    // Stripe retries anything but 2xx; an event we ignore is still delivered successfully.
    return Response.json({ received: true, ...outcome })
  })
}
