import type Stripe from 'stripe'

// What this site keeps of Stripe's subscription and invoice objects, read the same way from a
// webhook event and from the reconcile job's list. API version 2026-08-26.dahlia: the billing
// period is on each subscription item (not the subscription), and an invoice names its
// subscription under parent.subscription_details.

export type SubscriptionFacts = {
  id: string
  status: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  itemQuantities: { ms365?: number; backup?: number }
  /** The monthly total of every line, in cents; null when a line's price is unknown. */
  monthlyCents: number | null
  customerId: string | null
  namedOrderId: string | null
}

export type InvoiceFacts = {
  id: string
  number: string | null
  amountCents: number
  currency: string
  status: string
  paidAt: Date | null
  url: string | null
  billingReason: string | null
  periodEnd: Date | null
  subscriptionId: string | null
  namedOrderId: string | null
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null)

/** Which of our lines a subscription item is, from the lookup key prices.server.ts gives each price. */
export function lineKind(lookupKey: string | null | undefined): 'plan' | 'ms365' | 'backup' | null {
  if (!lookupKey) return null
  if (lookupKey.startsWith('ms365_')) return 'ms365'
  if (lookupKey.startsWith('cloud_backup_')) return 'backup'
  if (lookupKey.startsWith('plan_')) return 'plan'
  return null
}

export function subscriptionFacts(subscription: Stripe.Subscription): SubscriptionFacts {
  const items = subscription.items?.data ?? []
  const quantities: SubscriptionFacts['itemQuantities'] = {}
  let monthlyCents: number | null = items.length > 0 ? 0 : null
  let periodEnd: number | null = null
  for (const item of items) {
    const kind = lineKind(item.price?.lookup_key)
    const quantity = item.quantity ?? 1
    if (kind === 'ms365' || kind === 'backup') quantities[kind] = quantity
    const unit = item.price?.unit_amount
    monthlyCents = monthlyCents === null || typeof unit !== 'number' ? null : monthlyCents + unit * quantity
    if (typeof item.current_period_end === 'number') periodEnd = Math.max(periodEnd ?? 0, item.current_period_end)
  }
  return {
    id: subscription.id,
    status: subscription.status,
    currentPeriodEnd: fromUnix(periodEnd),
    // A cancellation scheduled for a date (cancel_at) is one at the period's end as far as the buyer is concerned.
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    itemQuantities: quantities,
    monthlyCents,
    customerId: idOf(subscription.customer),
    namedOrderId: subscription.metadata?.orderId ?? null,
  }
}

export function invoiceFacts(invoice: Stripe.Invoice): InvoiceFacts {
  const details = invoice.parent?.subscription_details
  const periodEnds = (invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0)
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    amountCents: (invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due) ?? invoice.amount_paid ?? 0,
    currency: (invoice.currency ?? '').toLowerCase(),
    status: invoice.status ?? 'open',
    paidAt: fromUnix(invoice.status_transitions?.paid_at),
    url: invoice.hosted_invoice_url ?? null,
    billingReason: invoice.billing_reason ?? null,
    periodEnd: periodEnds.length > 0 ? fromUnix(Math.max(...periodEnds)) : null,
    subscriptionId: idOf(details?.subscription),
    namedOrderId: details?.metadata?.orderId ?? null,
  }
}
