import { planNamesById } from './order-view.server'
import { getEnv } from '#app/lib/config/env.server'
import { claimOnce } from '#app/lib/db/claim-once.server'
import { SingleUseClaim } from '#app/lib/db/single-use-claim-model.server'
import { deliverSoon, queueOutboxMessageOnce } from '#app/integrations/mail/outbox.server'
import type { OutboxChannel } from '#app/integrations/mail/outbox-model.server'
import type { MailPayload } from '#app/integrations/mail/smtp.server'
import type { TeamsCard } from '#app/integrations/teams.server'
import { Order } from '#app/orders/order-model.server'
import { createManageLink } from './manage-link.server'
import { type NoticeOrder, buyerConfirmation, newOrderCard, staffNewOrder, staffPastDue } from './order-notices.server'

// Exactly once per order, whatever Stripe retries and however many instances run: each message is
// an outbox insert under a key of its own (order, notice, recipient), which only one insert can take
// (docs/decisions/001-ferretdb-insert-claims.md); the claim then marks the notice complete.

/** Long enough that no retry of Stripe's (three days at most) outlives it. */
const CLAIM_KEEP_MS = 400 * 24 * 60 * 60 * 1000

export type NoticeKind = 'paid' | 'past_due'

/** The notice's key: one confirmation per order; one past-due notice per failed invoice (or event). */
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
  const planNames = await planNamesById()
  return {
    id: orderId,
    name: order.name ?? null,
    email: order.email ?? null,
    phone: order.phone ?? null,
    planName: planNames.get(order.planId) ?? `Plan ${order.planId}`,
    ms365Option: order.ms365Option,
    ms365Users: order.ms365Users,
    includeCloudBackup: order.includeCloudBackup,
    amount: order.amount,
    nextBillingDate: nextBillingDate ?? order.subscription?.currentPeriodEnd ?? null,
  }
}

/** One message of a notice; `part` names its recipient within the notice. */
type NoticeMessage = { channel: OutboxChannel; subject: string; part: string; payload: MailPayload | TeamsCard }

function noticeMessages(kind: NoticeKind, order: NoticeOrder): NoticeMessage[] {
  const siteUrl = getEnv().SITE_URL
  if (kind === 'past_due')
    return [{ channel: 'email', subject: `order-past-due:${order.id}`, part: 'staff', payload: staffPastDue(order, siteUrl) }]
  const buyer = order.email ? { ...order, email: order.email } : null
  return [
    ...(buyer
      ? [
          {
            channel: 'email' as const,
            subject: `order-paid:${order.id}`,
            part: 'buyer',
            payload: buyerConfirmation(buyer, createManageLink(order.id).url),
          },
        ]
      : []),
    { channel: 'email', subject: `order-new:${order.id}`, part: 'staff', payload: staffNewOrder(order, siteUrl) },
    { channel: 'teams', subject: `order-new:${order.id}`, part: 'teams', payload: newOrderCard(order, siteUrl) },
  ]
}

/**
 * Queues a notice's messages unless they were queued before. Answers which notice the order may now
 * record as sent (also when another instance sent it), or null for none. Throws when queueing
 * failed, so the event's retry tries again: each message has its own outbox key, so the retry
 * queues only the ones still missing, whether the failure came after the first or the last.
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
  // Every message of this notice was queued before: the mark outlives the outbox's sent messages.
  if (await SingleUseClaim.exists({ _id: claim })) return kind
  const order = await noticeOrder(orderId, overlay, nextBillingDate)
  if (!order) return null
  for (const message of noticeMessages(kind, order)) {
    const queued = await queueOutboxMessageOnce(message.channel, message.subject, `${claim}:${message.part}`, message.payload)
    if (queued.created) deliverSoon(queued.id)
  }
  await claimOnce(claim, CLAIM_KEEP_MS)
  return kind
}
