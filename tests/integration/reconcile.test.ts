import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { STRIPE_API_VERSION } from '#app/integrations/stripe-client.server'
import { Order } from '#app/orders/order-model.server'
import { type EventSource, SETTLE_MS, reconcileOrders, stripeEventSource } from '#app/orders/reconcile.server'
import { SyncCursor } from '#app/orders/sync-cursor-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { setupTestDatabase } from '#tests/support/database'

// The hourly job that repairs orders from Stripe's events the webhook never received. Stripe's
// event list is a source handed in: stripe-mock keeps no state, so the repair is tested with events
// made here, and the real list request only for its shape against stripe-mock.

setupTestDatabase('reconcile')

const unique = () => randomBytes(6).toString('hex')

function sourceOf(events: Stripe.Event[]): EventSource & { asked: Array<{ from: Date; to: Date }> } {
  const asked: Array<{ from: Date; to: Date }> = []
  const source = async function* (from: Date, to: Date) {
    asked.push({ from, to })
    yield* events.filter((event) => event.created * 1000 >= from.getTime() && event.created * 1000 < to.getTime())
  }
  return Object.assign(source, { asked })
}

describe('the reconcile job', () => {
  it('repairs an order whose event was dropped, records the repair, and changes nothing the second time', async () => {
    await SyncCursor.deleteMany({})
    const tag = unique()
    const order = await Order.create({
      name: 'Buyer',
      email: `b-${tag}@example.com`,
      planId: 1,
      amount: 10,
      status: 'paid',
      stripeCustomerId: `cus_${tag}`,
      stripeSubscriptionId: `sub_${tag}`,
    })
    const now = new Date()
    const created = Math.floor((now.getTime() - SETTLE_MS - 60_000) / 1000)
    const dropped = {
      id: `evt_${tag}`,
      object: 'event',
      type: 'customer.subscription.updated',
      api_version: STRIPE_API_VERSION,
      created,
      data: {
        object: {
          id: `sub_${tag}`,
          object: 'subscription',
          status: 'past_due',
          cancel_at_period_end: false,
          customer: `cus_${tag}`,
          metadata: { orderId: String(order._id) },
          items: { object: 'list', data: [] },
        },
      },
    } as unknown as Stripe.Event
    const source = sourceOf([dropped])

    const first = await reconcileOrders(source, { now })
    expect(first).toMatchObject({ seen: 1, repaired: 1 })
    const stored = await Order.findById(order._id).lean()
    expect(stored?.status).toBe('past_due')
    expect(stored?.subscription?.status).toBe('past_due')
    const audit = await AuditEvent.find({ target: `order:${String(order._id)}` }).lean()
    expect(audit).toHaveLength(1)
    expect(audit[0]?.action).toContain('customer.subscription.updated')

    // The next run reads on from where this one stopped; the same event again would change nothing.
    const second = await reconcileOrders(source, { now: new Date(now.getTime() + 60 * 60 * 1000) })
    expect(second.from.getTime()).toBe(first.to.getTime())
    expect(second.repaired).toBe(0)
    const again = await reconcileOrders(sourceOf([dropped]), { now })
    expect(again.repaired).toBe(0)
  })

  it('leaves events younger than a few minutes to the webhook', async () => {
    await SyncCursor.deleteMany({})
    const now = new Date()
    const source = sourceOf([])
    await reconcileOrders(source, { now })
    expect(source.asked[0]!.to.getTime()).toBe(now.getTime() - SETTLE_MS)
  })

  it('asks stripe-mock for the events with the list request the job sends', async () => {
    const mock = new URL(process.env.STRIPE_API_URL!)
    const stripe = new Stripe('sk_test_123', {
      apiVersion: STRIPE_API_VERSION,
      host: mock.hostname,
      port: Number(mock.port),
      protocol: mock.protocol === 'https:' ? 'https' : 'http',
    })
    const events = []
    for await (const event of stripeEventSource(stripe)(new Date(Date.now() - 3600_000), new Date(), ['invoice.paid'])) events.push(event)
    // stripe-mock answers its one fixture event, whatever the filter: the request itself was accepted.
    expect(events.length).toBeGreaterThanOrEqual(1)
    expect(events[0]).toHaveProperty('object', 'event')
  })
})
