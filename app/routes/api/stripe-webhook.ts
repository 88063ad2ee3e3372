import { getEnv } from '#app/lib/config/env.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { BodyTooLargeError, readBodyWithLimit, tooLargeMessage } from '#app/lib/http/request-body.server'
import { badRequest, handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { getStripe } from '#app/integrations/stripe-client.server'
import { applyStripeEvent, WebhookConflictError } from '#app/orders/webhook.server'
import type { Route } from './+types/stripe-webhook'
import { log } from '#app/lib/observability/logger.server'

// POST /api/stripe/webhook: Stripe's signed events settle orders. The signature is checked over
// the raw body, so the body is read as text and parsed only by the SDK.
export function action({ request }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    const stripe = await getStripe()
    const secret = getEnv().STRIPE_WEBHOOK_SECRET
    if (!stripe || !secret) return jsonError(503, 'Stripe webhooks are not configured.')
    const signature = request.headers.get('stripe-signature')
    if (!signature) return badRequest({ form: ['Missing Stripe-Signature header.'] })
    let payload: string
    try {
      payload = Buffer.from(await readBodyWithLimit(request, BODY_LIMITS.stripeWebhook)).toString('utf8')
    } catch (error) {
      if (error instanceof BodyTooLargeError) return jsonError(413, tooLargeMessage(error.maxBytes))
      throw error
    }
    let event
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, secret)
    } catch {
      return badRequest({ form: ['Invalid webhook signature.'] })
    }
    try {
      const outcome = await applyStripeEvent(event)
      log.info(
        { eventType: event.type, eventId: event.id, orderId: outcome.orderId, applied: outcome.applied, reason: outcome.reason },
        'payments: Stripe webhook event',
      )
      // Stripe retries anything but 2xx; an event we ignore is still delivered successfully.
      return Response.json({ received: true, ...outcome })
    } catch (error) {
      if (!(error instanceof WebhookConflictError)) throw error
      log.warn(
        { eventType: event.type, eventId: event.id },
        'payments: webhook event not applied while its order was being changed; answered 503 so Stripe sends it again',
      )
      return jsonError(503, 'The order changed while this event was applied. Please send it again.', undefined, {
        headers: { 'Retry-After': '5' },
      })
    }
  })
}
