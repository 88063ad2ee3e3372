import { createHash } from 'node:crypto'
import type Stripe from 'stripe'
import { planNamesById } from './order-view.server'
import { getEnv } from '#app/lib/config/env.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { log } from '#app/lib/observability/logger.server'
import { Order } from '#app/orders/order-model.server'
import { createManageLink } from './manage-link.server'
import { manageLinksMail } from './order-notices.server'

// A buyer manages their subscription in Stripe's customer portal, reached without an account: from
// a signed link (manage-link.server.ts) mailed to the order's address.

/** Each request sends mail or opens a Stripe session, so an address asks only a few times. */
export const MANAGE_LINK_REQUEST_LIMIT = { name: 'manage-link-request', limit: 5, windowMs: 15 * 60 * 1000 }
/** However many addresses ask, one mailbox gets at most this many link e-mails an hour. */
export const MANAGE_LINK_MAILBOX_LIMIT = { name: 'manage-link-mailbox', limit: 3, windowMs: 60 * 60 * 1000 }
export const PORTAL_SESSION_LIMIT = { name: 'billing-portal', limit: 10, windowMs: 10 * 60 * 1000 }

/** The rate-limit subject for a mailbox: a hash, so the limits' collection holds no addresses. */
export function mailboxSubject(email: string) {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)
}

const MANAGEABLE = ['paid', 'past_due'] as const

/**
 * Mails a fresh link for each subscription under the address, if any; says nothing either way (the
 * caller answers the same for an unknown address). Returns how many links went out, for tests and logs.
 */
export async function mailManageLinks(email: string): Promise<number> {
  const orders = await Order.find(
    { email: email.trim().toLowerCase(), status: { $in: MANAGEABLE }, stripeSubscriptionId: { $exists: true } },
    { planId: 1, email: 1, name: 1 },
  )
    .sort({ createdAt: -1 })
    .limit(10)
    .lean()
  if (orders.length === 0) return 0
  const planNames = await planNamesById()
  const links = orders.map((order) => ({
    planName: planNames.get(order.planId) ?? `Plan ${order.planId}`,
    url: createManageLink(String(order._id)).url,
  }))
  const id = await queueOutboxMessage(
    'email',
    `manage-links:${String(orders[0]!._id)}`,
    manageLinksMail(orders[0]!.email!, orders[0]!.name ?? null, links),
  )
  deliverSoon(id)
  return links.length
}

export type PortalOutcome = { kind: 'portal'; url: string } | { kind: 'no-order' } | { kind: 'no-customer' }

/** A Stripe customer portal session for the order's customer, returning to the site. */
export async function openBillingPortal(stripe: Stripe, orderId: string): Promise<PortalOutcome> {
  const order = await Order.findById(orderId, { stripeCustomerId: 1 }).lean()
  if (!order) return { kind: 'no-order' }
  if (!order.stripeCustomerId) return { kind: 'no-customer' }
  const env = getEnv()
  const session = await stripe.billingPortal.sessions.create({
    customer: order.stripeCustomerId,
    return_url: `${env.SITE_URL}/manage-subscription?returned=1`,
    ...(env.STRIPE_PORTAL_CONFIGURATION ? { configuration: env.STRIPE_PORTAL_CONFIGURATION } : {}),
  })
  log.info({ orderId }, 'orders: a buyer opened the billing portal')
  return { kind: 'portal', url: session.url }
}
