import { listPlanNames } from '#app/catalogue/catalogue.server'
import { getEnv } from '#app/lib/config/env.server'
import { claimOnce } from '#app/lib/db/claim-once.server'
import { SingleUseClaim } from '#app/lib/db/single-use-claim-model.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { Order } from '#app/orders/order-model.server'
import { createManageLink } from './manage-link.server'
import { type NoticeOrder, buyerConfirmation, newOrderCard, staffNewOrder, staffPastDue } from './order-notices.server'

// Exactly once per order, whatever Stripe retries and however many instances run: the notices are
// queued only by whoever inserts the order's claim (docs/decisions/001-ferretdb-insert-claims.md).

/** Long enough that no retry of Stripe's (three days at most) outlives it. */
const CLAIM_KEEP_MS = 400 * 24 * 60 * 60 * 1000

export type NoticeKind = 'paid' | 'past_due'

/** The claim's key: one confirmation per order; one past-due notice per failed invoice (or event). */
export function noticeClaimKey(orderId: string, kind: NoticeKind, key: string) {
  return kind === 'paid' ? `order-paid:${orderId}` : `order-past-due:${orderId}:${key}`
}

async function noticeOrder(orderId: string, overlay: Record<string, unknown>, nextBillingDate: Date | null): Promise<NoticeOrder | null> {
  const stored = await Order.findById(orderId, {
    name: 1,
    email: 1,
    phone: 1,
    planId: 1,
    ms365Option: 1,
    ms365Users: 1,
    includeCloudBackup: 1,
    amount: 1,
    subscription: 1,
  }).lean()
  if (!stored) return null
  const order = { ...stored, ...overlay } as typeof stored
  const plans = await listPlanNames().catch(() => [])
  return {
    id: orderId,
    name: order.name ?? null,
    email: order.email ?? null,
    phone: order.phone ?? null,
    planName: plans.find((plan) => plan.id === order.planId)?.name ?? `Plan ${order.planId}`,
    ms365Option: order.ms365Option,
    ms365Users: order.ms365Users,
    includeCloudBackup: order.includeCloudBackup,
    amount: order.amount,
    nextBillingDate: nextBillingDate ?? order.subscription?.currentPeriodEnd ?? null,
  }
}

/**
 * Queues a notice unless it was queued before. Answers which notice the order may now record as
 * sent (also when another instance sent it), or null for none. Throws when queueing failed, having
 * released the claim, so the event's retry tries again.
 */
export async function sendOrderNotice(
  orderId: string,
  kind: NoticeKind,
  {
    alreadyPaid,
    key,
    overlay = {},
    nextBillingDate = null,
  }: { alreadyPaid: boolean; key: string; overlay?: Record<string, unknown>; nextBillingDate?: Date | null },
): Promise<NoticeKind | null> {
  // A past-due order paid again is not a new order: nobody is told twice.
  if (kind === 'paid' && alreadyPaid) return null
  const claim = noticeClaimKey(orderId, kind, key)
  if (!(await claimOnce(claim, CLAIM_KEEP_MS))) return kind
  try {
    const order = await noticeOrder(orderId, overlay, nextBillingDate)
    if (!order) return null
    const siteUrl = getEnv().SITE_URL
    const queued =
      kind === 'paid'
        ? [
            ...(order.email
              ? [
                  await queueOutboxMessage(
                    'email',
                    `order-paid:${orderId}`,
                    buyerConfirmation({ ...order, email: order.email }, createManageLink(orderId).url),
                  ),
                ]
              : []),
            await queueOutboxMessage('email', `order-new:${orderId}`, staffNewOrder(order, siteUrl)),
            await queueOutboxMessage('teams', `order-new:${orderId}`, newOrderCard(order, siteUrl)),
          ]
        : [await queueOutboxMessage('email', `order-past-due:${orderId}`, staffPastDue(order, siteUrl))]
    queued.forEach(deliverSoon)
    return kind
  } catch (error) {
    await SingleUseClaim.deleteOne({ _id: claim }).catch(() => undefined)
    throw error
  }
}
