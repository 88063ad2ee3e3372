import type Stripe from 'stripe'
import { recordAudit } from '#app/staff/audit.server'
import { contextFor } from '#app/lib/http/request-context'
import { log } from '#app/lib/observability/logger.server'
import { SyncCursor } from './sync-cursor-model.server'
import { applyStripeEvent, WEBHOOK_EVENT_TYPES } from './webhook.server'

// Nothing missed: each hour one instance (a leased job) asks Stripe for the events of the types the
// webhook handles since its last run and applies them the webhook's way. An event the webhook
// applied already changes nothing (its id is on the order); one that never arrived repairs the
// order, and the repair is written to the audit trail.

const CURSOR_ID = 'stripe-events'
/** Events this young may still be on their way to the webhook: the next run takes them. */
export const SETTLE_MS = 5 * 60 * 1000
/** Stripe keeps events for 30 days; the first run looks back this far. */
const FIRST_LOOK_BACK_MS = 3 * 24 * 60 * 60 * 1000

/** Stripe's events of these types created in [from, to), oldest first. Injected in tests. */
export type EventSource = (from: Date, to: Date, types: readonly string[]) => AsyncIterable<Stripe.Event>

export function stripeEventSource(stripe: Stripe): EventSource {
  return async function* (from, to, types) {
    const listed: Stripe.Event[] = []
    // The list is newest first: gathered, then applied oldest first, as they happened.
    for await (const event of stripe.events.list({
      types: [...types],
      created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
      limit: 100,
    }))
      listed.push(event)
    yield* listed.sort((a, b) => a.created - b.created)
  }
}

export type ReconcileOutcome = { seen: number; repaired: number; from: Date; to: Date }

export async function reconcileOrders(source: EventSource, { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {}) {
  const cursor = await SyncCursor.findById(CURSOR_ID).lean()
  const from = cursor?.until ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS)
  const to = new Date(now.getTime() - SETTLE_MS)
  const outcome: ReconcileOutcome = { seen: 0, repaired: 0, from, to }
  if (to <= from) return outcome
  const context = contextFor({ cspNonce: undefined, clientIp: '', requestId: `reconcile-${now.toISOString()}` })
  for await (const event of source(from, to, WEBHOOK_EVENT_TYPES)) {
    if (signal?.aborted) return outcome
    outcome.seen += 1
    const applied = await applyStripeEvent(event)
    if (!applied.applied || !applied.orderId) continue
    outcome.repaired += 1
    log.warn(
      { eventType: event.type, eventId: event.id, orderId: applied.orderId },
      'orders: repaired from an event the webhook never applied',
    )
    await recordAudit({
      actor: null,
      kind: 'order-status',
      action: `repaired from Stripe (${event.type} was never received): ${applied.reason ?? 'applied'}`,
      target: `order:${applied.orderId}`,
      context,
    })
  }
  // Moved only after every event was applied: an interrupted run reads the same window again.
  await SyncCursor.updateOne({ _id: CURSOR_ID }, { $set: { until: to } }, { upsert: true })
  return outcome
}
