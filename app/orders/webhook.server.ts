import type Stripe from 'stripe'
import type { OrderStatus } from '#app/domain/order-status'
import { LockTimeoutError } from '#app/lib/db/document-lock.server'
import { Order } from '#app/orders/order-model.server'
import { log } from '#app/lib/observability/logger.server'
import { withOrderLock } from './order-lock.server'
import { type Decision, type OrderState, type StripeFact, decide } from './order-events.server'
import { sendOrderNotice } from './order-notify.server'
import { idOf, invoiceFacts, subscriptionFacts } from './stripe-facts.server'

// Stripe tells us how a subscription goes, month after month, through signed events. Each event is
// decided by order-events.server.ts (newest by Stripe's `created` wins) and recorded on the order
// with its id in the same update: a replayed or duplicated event finds its id there and changes nothing.
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

const MAX_ATTEMPTS = 5

type StripeIds = { checkoutSessionId?: string | null; subscriptionId?: string | null; invoiceId?: string | null }

type Meaning = {
  ids: StripeIds
  /** The order id the event's own fields name (metadata, client_reference_id): a cross-check only. */
  namedOrderId?: string | null
  /** For Checkout Sessions: must be 'subscription', the only kind this site creates. */
  mode?: string | null
  fact: StripeFact
}

function sessionMeaning(session: Stripe.Checkout.Session, status: OrderStatus | undefined, set: Record<string, unknown> = {}): Meaning {
  return {
    ids: { checkoutSessionId: session.id },
    namedOrderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    mode: session.mode,
    fact: { kind: 'checkout', status, charged: { cents: session.amount_total, currency: session.currency }, set },
  }
}

function invoiceMeaning(invoice: Stripe.Invoice, outcome: 'paid' | 'failed' | 'action_required'): Meaning {
  const facts = invoiceFacts(invoice)
  return {
    ids: { subscriptionId: facts.subscriptionId, invoiceId: facts.id || null },
    namedOrderId: facts.namedOrderId,
    fact: { kind: 'invoice', invoice: facts, outcome },
  }
}

/** Every event type the webhook applies: the ones to enable in Stripe, and the ones the reconcile job reads. */
export const WEBHOOK_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const

/** What an event means for an order; null for an event this site has no use for. */
function interpret(event: Stripe.Event): Meaning | null {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoiceMeaning(event.data.object, 'paid')
    case 'invoice.payment_failed':
      return invoiceMeaning(event.data.object, 'failed')
    case 'invoice.payment_action_required':
      return invoiceMeaning(event.data.object, 'action_required')
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const details = session.customer_details
      // A subscription's first payment may still be processing when the session completes.
      return sessionMeaning(session, session.payment_status === 'paid' ? 'paid' : undefined, {
        ...(session.subscription ? { stripeSubscriptionId: idOf(session.subscription) } : {}),
        ...(session.customer ? { stripeCustomerId: idOf(session.customer) } : {}),
        ...(details?.name ? { name: details.name } : {}),
        ...(details?.email ? { email: details.email.toLowerCase() } : {}),
        ...(details?.phone ? { phone: details.phone } : {}),
      })
    }
    case 'checkout.session.async_payment_failed':
      return sessionMeaning(event.data.object, 'failed')
    case 'checkout.session.expired':
      return sessionMeaning(event.data.object, 'canceled')
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const facts = subscriptionFacts(event.data.object)
      return {
        ids: { subscriptionId: facts.id },
        namedOrderId: facts.namedOrderId,
        fact: { kind: 'subscription', subscription: facts, deleted: event.type === 'customer.subscription.deleted' },
      }
    }
    default:
      return null
  }
}

const ORDER_FIELDS = {
  status: 1,
  amount: 1,
  appliedEventIds: 1,
  ms365Option: 1,
  ms365Users: 1,
  includeCloudBackup: 1,
  statusChangedAt: 1,
  subscription: 1,
  invoices: 1,
  notifiedPaidAt: 1,
} as const

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

/** Stripe's own time for the event; a hand-made event without one counts as now. */
function eventTime(event: Stripe.Event) {
  return typeof event.created === 'number' && event.created > 0 ? new Date(event.created * 1000) : new Date()
}

export async function applyStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const meaning = interpret(event)
  if (!meaning) return { orderId: null, applied: false, reason: `ignored event type ${event.type}` }
  const found = await findOrder(meaning.ids)
  if (!found) return { orderId: null, applied: false, reason: 'no order with these Stripe ids' }
  try {
    return await withOrderLock(String(found._id), () => applyToOrder(event.id, eventTime(event), meaning, event.type))
  } catch (error) {
    if (error instanceof LockTimeoutError) throw new WebhookConflictError(event.id)
    throw error
  }
}

function describe(from: OrderStatus, decision: Decision) {
  return decision.refused ?? (decision.to ? `${from} → ${decision.to}` : `status stays ${from}`)
}

async function applyToOrder(eventId: string, at: Date, meaning: Meaning, eventType: string): Promise<WebhookOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const order = await findOrder(meaning.ids)
    if (!order) return { orderId: null, applied: false, reason: 'no order with these Stripe ids' }
    const orderId = String(order._id)
    if (order.appliedEventIds.includes(eventId)) return { orderId, applied: false, reason: 'event already applied' }
    const refused = refusal(meaning, orderId)
    if (refused) {
      log.warn({ eventType, eventId, orderId, reason: refused }, 'payments: webhook event not applied')
      return { orderId, applied: false, reason: refused }
    }
    const from = order.status
    const decision = decide(order as OrderState, meaning.fact, at)
    if (decision.refused) log.warn({ eventType, eventId, orderId, reason: decision.refused }, 'payments: order not marked paid')

    // The notices are claimed and queued before the order is written: a failure here answers non-2xx
    // and Stripe sends the event again; a claim already taken (a retry, another instance) sends nothing.
    const notified = decision.notice
      ? await sendOrderNotice(orderId, decision.notice, {
          alreadyPaid: Boolean(order.notifiedPaidAt),
          key: meaning.fact.kind === 'invoice' ? meaning.fact.invoice.id : eventId,
          overlay: decision.set,
          nextBillingDate: meaning.fact.kind === 'invoice' ? meaning.fact.invoice.periodEnd : null,
        })
      : null

    // Writers take turns on the order's lock; the filter (the status we read, the absence of this
    // event) still guards against any writer that doesn't: then we read again and re-apply.
    const result = await Order.updateOne(
      { _id: order._id, status: from, appliedEventIds: { $ne: eventId } },
      {
        $set: {
          ...decision.set,
          ...(decision.to ? { status: decision.to } : {}),
          ...(notified === 'paid' ? { notifiedPaidAt: new Date() } : notified === 'past_due' ? { notifiedPastDueAt: new Date() } : {}),
          updatedAt: new Date(),
        },
        $push: { appliedEventIds: eventId },
      },
    )
    if (result.modifiedCount === 1) {
      // A refused payment is recorded (so a replay is recognised) but not applied.
      return { orderId, applied: !decision.refused, reason: describe(from, decision) }
    }
  }
  throw new WebhookConflictError(eventId)
}
