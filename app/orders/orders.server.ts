import mongoose from 'mongoose'
import type Stripe from 'stripe'
import { findHiddenPlanName, findPlan } from '#app/catalogue/catalogue.server'
import type { PlanSummary } from '#app/catalogue/catalogue.server'
import type { ParsedPaymentRequest } from '#app/domain/payment-request'
import { InvalidQuoteError, type Ms365OptionId, type PriceQuote, centsToDollars, formatCents, quote } from '#app/domain/pricing'
import { projectionOf, toView, type View } from '#app/lib/db/views.server'
import { Order, type OrderDocument } from '#app/orders/order-model.server'
import { newOrderAccessToken, orderAccessTokenMatches } from './order-access.server'
import { type SubscriptionLine, subscriptionItems, subscriptionLines } from './prices.server'
import { log } from '#app/lib/observability/logger.server'

// The two ways to pay both start here: a subscription confirmed in the page with Stripe
// Elements, or a hosted Stripe Checkout Session for visitors without JavaScript. Either way the
// server prices the order itself with quote() and stores it as pending before anyone pays.

/** A refusal the visitor can act on: the message is safe to show, the status fits it. */
export class OrderRequestError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'OrderRequestError'
  }
}

export type PricedOrder = { plan: PlanSummary; priced: PriceQuote; lines: SubscriptionLine[] }

/** What every new order stores about its price: the server's own quote, never the browser's. */
function pendingOrderFields(planId: number, priced: PriceQuote) {
  return {
    planId,
    paymentMethod: 'credit_card' as const,
    ms365Option: priced.ms365Option.id,
    ms365Users: priced.users,
    includeCloudBackup: priced.backupApplies,
    amount: centsToDollars(priced.totalCents),
    status: 'pending' as const,
  }
}

/** Looks the plan up and prices the choices, or refuses with a 400 the visitor can read. */
export async function priceOrder(choice: {
  planId: number
  ms365Option: Ms365OptionId
  users: number
  includeCloudBackup: boolean
}): Promise<PricedOrder> {
  const plan = await findPlan(choice.planId)
  if (!plan) {
    const retired = await findHiddenPlanName(choice.planId)
    throw new OrderRequestError(
      400,
      retired
        ? `The ${retired} plan is no longer offered: please choose one of the plans listed.`
        : 'Unknown plan: please choose one of the plans listed.',
    )
  }
  try {
    const priced = quote({ plan, ms365Option: choice.ms365Option, users: choice.users, includeCloudBackup: choice.includeCloudBackup })
    return { plan, priced, lines: subscriptionLines(plan, priced) }
  } catch (error) {
    if (error instanceof InvalidQuoteError) throw new OrderRequestError(400, error.message)
    throw error
  }
}

/** The browser's amount must be the server's total to the cent, or nothing is created. */
export function assertSameTotal(sentDollars: number, priced: PriceQuote) {
  if (Math.round(sentDollars * 100) !== priced.totalCents) {
    throw new OrderRequestError(
      409,
      `The total has changed to ${formatCents(priced.totalCents)} per month. Please review your order and try again.`,
      {
        amount: centsToDollars(priced.totalCents),
      },
    )
  }
}

async function findOrCreateCustomer(stripe: Stripe, buyer: { name: string; email: string; phone?: string }, orderId: string) {
  // A returning buyer keeps one Stripe customer (and so one billing history).
  const existing = await stripe.customers.list({ email: buyer.email, limit: 1 })
  const match = existing.data.find((customer) => customer.email?.toLowerCase() === buyer.email.toLowerCase() && !('deleted' in customer))
  if (match) return match.id
  const created = await stripe.customers.create(
    { name: buyer.name, email: buyer.email, ...(buyer.phone ? { phone: buyer.phone } : {}), metadata: { firstOrderId: orderId } },
    { idempotencyKey: `customer-${orderId}` },
  )
  return created.id
}

/**
 * Stores the pending order and creates the incomplete subscription whose first invoice the
 * browser pays with the card. Returns the secret Stripe.js confirms, and the token with which the
 * buyer may read the order's status.
 */
export async function startCardPayment(stripe: Stripe, request: ParsedPaymentRequest) {
  const { plan, priced, lines } = await priceOrder({
    planId: request.planId,
    ms365Option: request.ms365Option,
    users: request.ms365Users,
    includeCloudBackup: request.includeCloudBackup,
  })
  assertSameTotal(request.amount, priced)
  const items = await subscriptionItems(stripe, lines)

  const access = newOrderAccessToken()
  const order = await Order.create({
    name: request.name,
    email: request.email,
    phone: request.phone || undefined,
    ...pendingOrderFields(plan.id, priced),
    accessTokenHash: access.hash,
  })
  const orderId = String(order._id)
  try {
    const customer = await findOrCreateCustomer(stripe, request, orderId)
    const subscription = await stripe.subscriptions.create(
      {
        customer,
        items,
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { orderId },
      },
      { idempotencyKey: `subscription-${orderId}` },
    )
    const invoice = subscription.latest_invoice
    const clientSecret = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined
    if (clientSecret === undefined || clientSecret === null)
      throw new Error(`subscription ${subscription.id} has no first-invoice confirmation secret`)
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          stripeCustomerId: customer,
          stripeSubscriptionId: subscription.id,
          paymentId: typeof invoice === 'string' ? invoice : invoice?.id,
          updatedAt: new Date(),
        },
      },
    )
    return { clientSecret, orderId, orderToken: access.token }
  } catch (error) {
    // Stripe refused or was unreachable: the order can never be paid, so it is marked failed
    // rather than left pending for ever.
    await Order.updateOne({ _id: order._id, status: 'pending' }, { $set: { status: 'failed', updatedAt: new Date() } }).catch(
      () => undefined,
    )
    throw error
  }
}

/**
 * The no-JavaScript path: a pending order and a hosted Checkout Session in subscription mode.
 * Stripe collects the buyer's name and e-mail there; the webhook copies them to the order.
 */
export async function startHostedCheckout(
  stripe: Stripe,
  choice: { planId: number; ms365Option: Ms365OptionId; users: number; includeCloudBackup: boolean },
  urls: { success: string; cancel: string },
) {
  const { plan, priced, lines } = await priceOrder(choice)
  const items = await subscriptionItems(stripe, lines)
  const orderId = new mongoose.Types.ObjectId()
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      line_items: items,
      success_url: urls.success,
      cancel_url: urls.cancel,
      client_reference_id: String(orderId),
      metadata: { orderId: String(orderId) },
      subscription_data: { metadata: { orderId: String(orderId) } },
    },
    { idempotencyKey: `checkout-session-${String(orderId)}` },
  )
  if (!session.url) throw new Error(`checkout session ${session.id} has no url`)
  await Order.create({
    _id: orderId,
    ...pendingOrderFields(plan.id, priced),
    paymentId: session.id,
    stripeCheckoutSessionId: session.id,
  })
  return { url: session.url, orderId: String(orderId) }
}

/** Each payment attempt creates Stripe objects, so one address gets a handful per window. */
export const PAYMENT_ATTEMPT_LIMIT = { name: 'payment-attempt', limit: 20, windowMs: 10 * 60 * 1000 }

/** A Stripe error (refused request, unreachable API) rather than a bug of ours. */
export function isStripeError(error: unknown): error is Error {
  const type = (error as { type?: unknown } | null)?.type
  return error instanceof Error && typeof type === 'string' && type.startsWith('Stripe')
}

export const PROVIDER_UNAVAILABLE_MESSAGE = 'Our payment provider could not start the payment. Please try again in a minute.'

const BUYER_STATUS_FIELDS = ['status', 'amount', 'planId', 'createdAt'] as const

/**
 * What the buyer's page may know of an order (GET /api/orders/:id): its status and what the buyer
 * already knows; never the name, e-mail or Stripe ids. Staff see any order; a buyer needs the order's
 * token. Null for an unknown or malformed id and for a wrong token alike: ids are not to be probed.
 */
export async function findOrderStatus(
  id: string,
  access: { staff: true } | { token: string | null },
): Promise<View<OrderDocument, (typeof BUYER_STATUS_FIELDS)[number]> | null> {
  if (!mongoose.isValidObjectId(id)) return null
  const order = await Order.findById(id, { ...projectionOf(BUYER_STATUS_FIELDS), accessTokenHash: 1 }).lean()
  if (!order) return null
  if (!('staff' in access) && !orderAccessTokenMatches(access.token, order.accessTokenHash)) return null
  return toView(order, BUYER_STATUS_FIELDS)
}

/** What a Checkout Session id looks like; anything else is never sent to Stripe. */
export function isCheckoutSessionId(value: string | null): value is string {
  return value !== null && /^cs_(test|live)_[A-Za-z0-9]{10,250}$/.test(value)
}

/** Each return from the hosted Checkout page asks Stripe once; an address gets a few per window. */
export const CHECKOUT_RETURN_LIMIT = { name: 'checkout-return', limit: 20, windowMs: 10 * 60 * 1000 }
/** After the hosted Checkout page sends the buyer back: did the session complete? */
export async function hostedCheckoutCompleted(stripe: Stripe, sessionId: string): Promise<boolean> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId)
    return session.status === 'complete'
  } catch (error) {
    log.error({ checkoutSessionId: sessionId, err: error }, 'payments: could not read a checkout session')
    return false
  }
}
