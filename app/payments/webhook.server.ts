import mongoose from 'mongoose'
import type Stripe from 'stripe'
import { type OrderStatus, canChangeStatus } from '#app/domain/order-status'
import { Order } from '#app/models/order.server'

// Stripe tells us how a payment ended through signed events. Each event moves at most one order
// one step, by the rules of domain/order-status, and records its id on the order in the same
// atomic update: a replayed or duplicated event finds its id there and changes nothing.

export type WebhookOutcome = { orderId: string | null; applied: boolean; reason?: string }

type OrderRef = { orderId?: string | null; subscriptionId?: string | null; checkoutSessionId?: string | null }

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

function invoiceRef(invoice: Stripe.Invoice): OrderRef {
  const details = invoice.parent?.subscription_details
  return { orderId: details?.metadata?.orderId ?? null, subscriptionId: idOf(details?.subscription) }
}

/** What an event means for an order: its new status and any facts to copy onto it. */
function interpret(event: Stripe.Event): { ref: OrderRef; status?: OrderStatus; set?: Record<string, unknown> } | null {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return { ref: invoiceRef(event.data.object), status: 'paid', set: { paymentId: event.data.object.id } }
    case 'invoice.payment_failed':
      return { ref: invoiceRef(event.data.object), status: 'failed' }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const details = session.customer_details
      return {
        ref: { orderId: session.metadata?.orderId ?? session.client_reference_id, checkoutSessionId: session.id },
        // A subscription's first payment may still be processing when the session completes.
        status: session.payment_status === 'paid' ? 'paid' : undefined,
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
      return { ref: { orderId: event.data.object.metadata?.orderId, checkoutSessionId: event.data.object.id }, status: 'failed' }
    case 'checkout.session.expired':
      return { ref: { orderId: event.data.object.metadata?.orderId, checkoutSessionId: event.data.object.id }, status: 'canceled' }
    case 'customer.subscription.deleted':
      return { ref: { orderId: event.data.object.metadata?.orderId, subscriptionId: event.data.object.id }, status: 'canceled' }
    default:
      return null
  }
}

async function findOrder(ref: OrderRef) {
  if (ref.orderId && mongoose.isValidObjectId(ref.orderId)) {
    const order = await Order.findById(ref.orderId, { status: 1, appliedEventIds: 1 }).lean()
    if (order) return order
  }
  if (ref.subscriptionId) {
    const order = await Order.findOne({ stripeSubscriptionId: ref.subscriptionId }, { status: 1, appliedEventIds: 1 }).lean()
    if (order) return order
  }
  if (ref.checkoutSessionId)
    return Order.findOne({ stripeCheckoutSessionId: ref.checkoutSessionId }, { status: 1, appliedEventIds: 1 }).lean()
  return null
}

export async function applyStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const meaning = interpret(event)
  if (!meaning) return { orderId: null, applied: false, reason: `ignored event type ${event.type}` }
  const order = await findOrder(meaning.ref)
  if (!order) return { orderId: null, applied: false, reason: 'no matching order' }
  const orderId = String(order._id)
  if (order.appliedEventIds.includes(event.id)) return { orderId, applied: false, reason: 'event already applied' }

  const from = order.status
  const to = meaning.status && meaning.status !== from && canChangeStatus(from, meaning.status) ? meaning.status : undefined
  // The filter repeats the status we checked and the absence of this event, so two deliveries
  // racing each other cannot both apply.
  const result = await Order.updateOne(
    { _id: order._id, status: from, appliedEventIds: { $ne: event.id } },
    {
      $set: { ...meaning.set, ...(to ? { status: to } : {}), updatedAt: new Date() },
      $push: { appliedEventIds: event.id },
    },
  )
  if (result.modifiedCount === 0) return { orderId, applied: false, reason: 'order changed meanwhile' }
  return { orderId, applied: true, reason: to ? `${from} → ${to}` : `status stays ${from}` }
}
