import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

// Stripe's webhook events as the tests send them: made by hand, signed with the endpoint's secret
// as Stripe signs them, and posted to a running server (integration and e2e tests alike).

// Only for signing; never sends a request.
const signer = new Stripe('sk_test_signing_only')

const unique = () => randomBytes(6).toString('hex')

/** Posts `event` to the server's webhook, signed with `secret`. */
export function sendStripeEvent(baseUrl: string, secret: string, event: object) {
  const payload = JSON.stringify(event)
  return fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  })
}

/** An event of `type` about `object`, with Stripe's `created` time in seconds (now by default). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { created = Math.floor(Date.now() / 1000), apiVersion = '' } = {},
) {
  return { id: `evt_${unique()}`, object: 'event', type, api_version: apiVersion || null, created, data: { object } }
}

const DAY = 24 * 60 * 60

/** A paid first invoice of the subscription, for `cents` in dollars, naming the order as Stripe's metadata does. */
export function paidFirstInvoice(
  { orderId, subscription, cents }: { orderId: string; subscription: string; cents: number },
  fields: Record<string, unknown> = {},
) {
  const now = Math.floor(Date.now() / 1000)
  return {
    id: `in_${unique()}`,
    object: 'invoice',
    number: `INV-${unique().slice(0, 6).toUpperCase()}`,
    status: 'paid',
    amount_paid: cents,
    amount_due: cents,
    currency: 'usd',
    billing_reason: 'subscription_create',
    hosted_invoice_url: 'https://invoice.stripe.test/i/1',
    status_transitions: { paid_at: now },
    lines: { object: 'list', data: [{ id: 'il_1', period: { start: now, end: now + 30 * DAY } }] },
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata: { orderId } } },
    ...fields,
  }
}
