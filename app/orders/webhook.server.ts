import type Stripe from 'stripe'
import { type OrderStatus, canChangeStatus } from '#app/domain/order-status'
import { LockTimeoutError } from '#app/lib/db/document-lock.server'
import { Order } from '#app/orders/order-model.server'
import { log } from '#app/lib/observability/logger.server'
import { withOrderLock } from './order-lock.server'

// Stripe tells us how a payment ended through signed events. Each event moves at most one order
// one step, by the rules of domain/order-status, and records its id on the order in the same
// atomic update: a replayed or duplicated event finds its id there and changes nothing.
//
// A signature proves the event came from Stripe, not that its buyer-supplied fields are ours to
// trust: an order is found only by the Stripe ids we stored when the payment started (Checkout
// Session, subscription, first invoice); the order id in metadata or client_reference_id is only a
// cross-check; a Checkout Session must be in subscription mode; and an order becomes paid only when
// the amount and currency Stripe charged are the order's own.

export type WebhookOutcome = { orderId: string | null; applied: boolean; reason?: string }

/** Another update of the order held it too long, or kept winning: the route answers non-2xx, so Stripe sends the event again. */
export class WebhookConflictError extends Error {
  constructor(readonly eventId: string) {
    super(`event ${eventId} could not be applied while its order was being changed`)
    this.name = 'WebhookConflictError'
  }
}

const ORDER_CURRENCY = 'usd'
const MAX_ATTEMPTS = 5

type StripeIds = { checkoutSessionId?: string | null; subscriptionId?: string | null; invoiceId?: string | null }

type Meaning = {
  ids: StripeIds
  /** The order id the event's own fields name (metadata, client_reference_id): a cross-check only. */
  namedOrderId?: string | null
  /** For Checkout Sessions: must be 'subscription', the only kind this site creates. */
  mode?: string | null
  status?: OrderStatus
  /** What Stripe charged, in cents: must be the order's amount before the order counts as paid. */
  charged?: { cents: number | null; currency: string | null }
  set?: Record<string, unknown>
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

function invoiceMeaning(invoice: Stripe.Invoice): Pick<Meaning, 'ids' | 'namedOrderId'> {
  const details = invoice.parent?.subscription_details
  return {
    ids: { subscriptionId: idOf(details?.subscription), invoiceId: invoice.id ?? null },
    namedOrderId: details?.metadata?.orderId ?? null,
  }
}

function sessionMeaning(session: Stripe.Checkout.Session): Pick<Meaning, 'ids' | 'namedOrderId' | 'mode'> {
  return {
    ids: { checkoutSessionId: session.id },
    namedOrderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    mode: session.mode,
  }
}

/** What an event means for an order: its new status and any facts to copy onto it. */
function interpret(event: Stripe.Event): Meaning | null {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object
      return {
        ...invoiceMeaning(invoice),
        status: 'paid',
        charged: { cents: invoice.amount_paid, currency: invoice.currency },
        set: { paymentId: invoice.id },
      }
    }
    case 'invoice.payment_failed':
      return { ...invoiceMeaning(event.data.object), status: 'failed' }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const details = session.customer_details
      return {
        ...sessionMeaning(session),
        // A subscription's first payment may still be processing when the session completes.
        status: session.payment_status === 'paid' ? 'paid' : undefined,
        charged: { cents: session.amount_total, currency: session.currency },
        set: {
          ...(session.subscription ? { stripeSubscriptionId: idOf(session.subscription) } : {}),
          ...(session.customer ? { stripeCustomerId: idOf(session.customer) } : {}),
          ...(details?.name ? { name: details.name } : {}),
          ...(details?.email ? { email: details.email.toLowerCase() } : {}),
          ...(details?.phone ? { phone: details.phone } : {}),
        },
      }
    }
    case 'checkout.session.async_payment_failed':
      return { ...sessionMeaning(event.data.object), status: 'failed' }
    case 'checkout.session.expired':
      return { ...sessionMeaning(event.data.object), status: 'canceled' }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      return { ids: { subscriptionId: subscription.id }, namedOrderId: subscription.metadata?.orderId ?? null, status: 'canceled' }
    }
    default:
      return null
  }
}

const ORDER_FIELDS = { status: 1, amount: 1, appliedEventIds: 1 } as const

/** The order these Stripe ids belong to: only ids we stored ourselves when the payment started. */
async function findOrder(ids: StripeIds) {
  const clauses = [
    ...(ids.checkoutSessionId ? [{ stripeCheckoutSessionId: ids.checkoutSessionId }] : []),
    ...(ids.subscriptionId ? [{ stripeSubscriptionId: ids.subscriptionId }] : []),
    ...(ids.invoiceId ? [{ paymentId: ids.invoiceId }] : []),
  ]
  if (clauses.length === 0) return null
  return Order.findOne(clauses.length === 1 ? clauses[0]! : { $or: clauses }, ORDER_FIELDS).lean()
}

/** Why the event must not touch this order, if it must not. */
function refusal(meaning: Meaning, orderId: string): string | null {
  if (meaning.namedOrderId && meaning.namedOrderId !== orderId) return 'the event names another order than its Stripe ids'
  if (meaning.mode !== undefined && meaning.mode !== 'subscription') return `checkout session in ${meaning.mode} mode, not subscription`
  return null
}

function chargedTheOrder(charged: Meaning['charged'], amountDollars: number) {
  return charged?.cents === Math.round(amountDollars * 100) && charged.currency?.toLowerCase() === ORDER_CURRENCY
}

export async function applyStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const meaning = interpret(event)
  if (!meaning) return { orderId: null, applied: false, reason: `ignored event type ${event.type}` }
  const found = await findOrder(meaning.ids)
  if (!found) return { orderId: null, applied: false, reason: 'no order with these Stripe ids' }
  try {
    return await withOrderLock(String(found._id), () => applyToOrder(event, meaning))
  } catch (error) {
    if (error instanceof LockTimeoutError) throw new WebhookConflictError(event.id)
    throw error
  }
}

async function applyToOrder(event: Stripe.Event, meaning: Meaning): Promise<WebhookOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const order = await findOrder(meaning.ids)
    if (!order) return { orderId: null, applied: false, reason: 'no order with these Stripe ids' }
    const orderId = String(order._id)
    if (order.appliedEventIds.includes(event.id)) return { orderId, applied: false, reason: 'event already applied' }
    const refused = refusal(meaning, orderId)
    if (refused) {
      log.warn({ eventType: event.type, eventId: event.id, orderId, reason: refused }, 'payments: webhook event not applied')
      return { orderId, applied: false, reason: refused }
    }

    const from = order.status as OrderStatus
    let to = meaning.status && meaning.status !== from && canChangeStatus(from, meaning.status) ? meaning.status : undefined
    let note: string | undefined
    if (to === 'paid' && !chargedTheOrder(meaning.charged, order.amount)) {
      note = 'amount or currency differs from the order'
      log.warn({ eventType: event.type, eventId: event.id, orderId, reason: note }, 'payments: order not marked paid')
      to = undefined
    }
    // Writers take turns on the order's lock; the filter (the status we read, the absence of this
    // event) still guards against any writer that doesn't: then we read again and re-apply.
    const result = await Order.updateOne(
      { _id: order._id, status: from, appliedEventIds: { $ne: event.id } },
      {
        $set: { ...(note ? {} : meaning.set), ...(to ? { status: to } : {}), updatedAt: new Date() },
        $push: { appliedEventIds: event.id },
      },
    )
    if (result.modifiedCount === 1) {
      // A refused payment is recorded (so a replay is recognised) but not applied.
      return { orderId, applied: !note, reason: note ?? (to ? `${from} → ${to}` : `status stays ${from}`) }
    }
  }
  throw new WebhookConflictError(event.id)
}
