import { describe, expect, it } from 'vitest'
import { type OrderState, decide, isRenewal } from './order-events.server'
import type { InvoiceFacts, SubscriptionFacts } from './stripe-facts.server'

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes))

const paidOrder: OrderState = {
  status: 'paid',
  amount: 721.85,
  ms365Option: 'e3',
  ms365Users: 3,
  includeCloudBackup: true,
  statusChangedAt: at(0),
  subscription: null,
  invoices: [],
}

function invoice(fields: Partial<InvoiceFacts> = {}): InvoiceFacts {
  return {
    id: 'in_1',
    number: 'INV-1',
    amountCents: 72185,
    currency: 'usd',
    status: 'paid',
    paidAt: at(0),
    url: null,
    billingReason: 'subscription_cycle',
    periodEnd: null,
    subscriptionId: 'sub_1',
    namedOrderId: null,
    ...fields,
  }
}

function subscription(fields: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    id: 'sub_1',
    status: 'active',
    currentPeriodEnd: at(600),
    cancelAtPeriodEnd: false,
    itemQuantities: { ms365: 3, backup: 3 },
    monthlyCents: 72185,
    customerId: 'cus_1',
    namedOrderId: null,
    ...fields,
  }
}

describe('what a fact from Stripe does to an order', () => {
  it('pays a pending order only with its own amount in dollars, and asks for the confirmation', () => {
    const pending = { ...paidOrder, status: 'pending' as const }
    const first = invoice({ billingReason: 'subscription_create' })
    expect(decide(pending, { kind: 'invoice', invoice: first, outcome: 'paid' }, at(1))).toMatchObject({ to: 'paid', notice: 'paid' })
    expect(decide(pending, { kind: 'invoice', invoice: { ...first, amountCents: 100 }, outcome: 'paid' }, at(1)).refused).toBeTruthy()
    expect(decide(pending, { kind: 'invoice', invoice: { ...first, currency: 'eur' }, outcome: 'paid' }, at(1)).refused).toBeTruthy()
  })

  it('makes a paid order past due when a renewal fails, not when the first invoice does', () => {
    const failed = invoice({ status: 'open' })
    expect(decide(paidOrder, { kind: 'invoice', invoice: failed, outcome: 'failed' }, at(1))).toMatchObject({
      to: 'past_due',
      notice: 'past_due',
    })
    expect(decide(paidOrder, { kind: 'invoice', invoice: { ...failed, billingReason: null }, outcome: 'failed' }, at(1)).to).toBeUndefined()
    expect(isRenewal({ billingReason: 'subscription_create' })).toBe(false)
  })

  it('ignores an event older than the newest that set or confirmed the status', () => {
    const late = decide(paidOrder, { kind: 'invoice', invoice: invoice({ id: 'in_2', status: 'open' }), outcome: 'failed' }, at(-5))
    expect(late.to).toBeUndefined()
  })

  it('never moves a paid invoice back to open', () => {
    const order = {
      ...paidOrder,
      invoices: [
        { id: 'in_1', number: 'INV-1', amount: 721.85, currency: 'usd', status: 'paid', paidAt: at(0), url: null, stripeUpdatedAt: at(0) },
      ],
    }
    const decision = decide(order, { kind: 'invoice', invoice: invoice({ status: 'open' }), outcome: 'failed' }, at(5))
    expect(decision.set.invoices).toBeUndefined()
    expect(decision.to).toBeUndefined()
  })

  it('takes seats and total from a newer subscription, and nothing from an older one', () => {
    const order = { ...paidOrder, subscription: { ...subscription(), itemQuantities: { ms365: 3, backup: 3 }, stripeUpdatedAt: at(10) } }
    const newer = decide(
      order,
      {
        kind: 'subscription',
        subscription: subscription({ itemQuantities: { ms365: 5, backup: 5 }, monthlyCents: 80375 }),
        deleted: false,
      },
      at(11),
    )
    expect(newer.set).toMatchObject({ ms365Users: 5, amount: 803.75 })
    const older = decide(
      order,
      { kind: 'subscription', subscription: subscription({ itemQuantities: { ms365: 9 } }), deleted: false },
      at(9),
    )
    expect(older.set).toEqual({})
  })

  it('cancels the order when the subscription is deleted', () => {
    expect(decide(paidOrder, { kind: 'subscription', subscription: subscription({ status: 'canceled' }), deleted: true }, at(1)).to).toBe(
      'canceled',
    )
  })
})
