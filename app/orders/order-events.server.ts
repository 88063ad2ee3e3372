import { type OrderStatus, canChangeStatus, statusForSubscription } from '#app/domain/order-status'
import type { InvoiceFacts, SubscriptionFacts } from './stripe-facts.server'

// What one fact from Stripe does to an order, decided without I/O so every rule is unit-tested:
// the newest fact wins by Stripe's own `created` time, a status moves only by domain/order-status,
// and the first payment counts only when Stripe charged the order's own amount in dollars.

export const ORDER_CURRENCY = 'usd'

export type StoredSubscription = {
  id: string
  status: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  itemQuantities: { ms365?: number | null; backup?: number | null }
  stripeUpdatedAt: Date
}
export type StoredInvoice = {
  id: string
  number: string | null
  amount: number
  currency: string
  status: string
  paidAt: Date | null
  url: string | null
  stripeUpdatedAt: Date
}

export type OrderState = {
  status: OrderStatus
  amount: number
  ms365Option: string
  ms365Users: number
  includeCloudBackup: boolean
  statusChangedAt?: Date | null
  subscription?: StoredSubscription | null
  invoices?: StoredInvoice[] | null
}

export type StripeFact =
  | { kind: 'subscription'; subscription: SubscriptionFacts; deleted: boolean }
  | { kind: 'invoice'; invoice: InvoiceFacts; outcome: 'paid' | 'failed' | 'action_required' }
  | {
      kind: 'checkout'
      /** The status the session's event means (paid, failed, canceled), if any. */
      status?: OrderStatus
      charged?: { cents: number | null; currency: string | null }
      set: Record<string, unknown>
    }

export type Decision = {
  set: Record<string, unknown>
  to?: OrderStatus
  /** Why a payment was not taken as paying the order (recorded, not applied). */
  refused?: string
  notice?: 'paid' | 'past_due'
}

function chargedTheOrder(charged: { cents: number | null; currency: string | null } | undefined, amountDollars: number) {
  return charged?.cents === Math.round(amountDollars * 100) && charged.currency?.toLowerCase() === ORDER_CURRENCY
}

/** A renewal or a change of plan, as opposed to the subscription's first invoice. */
export function isRenewal(invoice: Pick<InvoiceFacts, 'billingReason'>) {
  return invoice.billingReason !== null && invoice.billingReason !== 'subscription_create'
}

function isNewer(at: Date, than: Date | null | undefined) {
  return !than || at.getTime() >= than.getTime()
}

/** The invoices with this one's newest state; a paid invoice never goes back to open. */
function withInvoice(invoices: StoredInvoice[], invoice: InvoiceFacts, at: Date): StoredInvoice[] | null {
  const existing = invoices.find((stored) => stored.id === invoice.id)
  if (existing && (!isNewer(at, existing.stripeUpdatedAt) || (existing.status === 'paid' && invoice.status !== 'paid'))) return null
  const record: StoredInvoice = {
    id: invoice.id,
    number: invoice.number,
    amount: invoice.amountCents / 100,
    currency: invoice.currency,
    status: invoice.status,
    paidAt: invoice.paidAt,
    url: invoice.url,
    stripeUpdatedAt: at,
  }
  return existing ? invoices.map((stored) => (stored.id === invoice.id ? record : stored)) : [...invoices, record]
}

function candidateStatus(order: OrderState, fact: StripeFact): { to?: OrderStatus; refused?: string } {
  switch (fact.kind) {
    case 'checkout':
      if (fact.status === 'paid' && !chargedTheOrder(fact.charged, order.amount))
        return { refused: 'amount or currency differs from the order' }
      return { to: fact.status }
    case 'invoice': {
      const { invoice, outcome } = fact
      if (outcome === 'paid') {
        // The first payment must be the order's own total; a renewal (prorations, seat changes) only in dollars.
        if (order.status === 'pending' || order.status === 'failed') {
          if (!chargedTheOrder({ cents: invoice.amountCents, currency: invoice.currency }, order.amount))
            return { refused: 'amount or currency differs from the order' }
          return { to: 'paid' }
        }
        if (invoice.currency !== ORDER_CURRENCY) return { refused: 'currency differs from the order' }
        return { to: 'paid' }
      }
      if (outcome === 'failed' && (order.status === 'pending' || order.status === 'failed')) return { to: 'failed' }
      // A renewal Stripe could not charge, or one waiting for the buyer to authenticate.
      if (isRenewal(invoice) && order.status === 'paid') return { to: 'past_due' }
      return {}
    }
    case 'subscription': {
      if (fact.deleted) return { to: 'canceled' }
      const to = statusForSubscription(fact.subscription.status)
      // Only an invoice makes a pending order paid (its amount is checked there).
      if (to === 'paid' && order.status !== 'past_due') return {}
      return to ? { to } : {}
    }
  }
}

/** The order's line quantities and total after a seat change made in the portal or the dashboard. */
function quantityChange(order: OrderState, subscription: SubscriptionFacts): Record<string, unknown> {
  if (order.status !== 'paid' && order.status !== 'past_due') return {}
  const { ms365, backup } = subscription.itemQuantities
  const users = ms365 ?? backup
  return {
    ...(users !== undefined && users !== order.ms365Users ? { ms365Users: users } : {}),
    ...(order.includeCloudBackup !== (backup !== undefined && backup > 0) && ms365 !== undefined
      ? { includeCloudBackup: backup !== undefined && backup > 0 }
      : {}),
    ...(subscription.monthlyCents !== null && subscription.monthlyCents / 100 !== order.amount
      ? { amount: subscription.monthlyCents / 100 }
      : {}),
  }
}

export function decide(order: OrderState, fact: StripeFact, at: Date): Decision {
  const set: Record<string, unknown> = {}
  let stale = false
  if (fact.kind === 'subscription') {
    if (isNewer(at, order.subscription?.stripeUpdatedAt)) {
      const { id, status, currentPeriodEnd, cancelAtPeriodEnd, itemQuantities } = fact.subscription
      set.subscription = {
        id,
        status: fact.deleted ? 'canceled' : status,
        currentPeriodEnd,
        cancelAtPeriodEnd: fact.deleted ? false : cancelAtPeriodEnd,
        itemQuantities,
        stripeUpdatedAt: at,
      }
      if (!fact.deleted) Object.assign(set, quantityChange(order, fact.subscription))
    } else stale = true
  }
  if (fact.kind === 'checkout') Object.assign(set, fact.set)

  const { to: candidate, refused } = candidateStatus(order, fact)
  if (refused) return { set: {}, refused }
  if (fact.kind === 'invoice') {
    const invoices = withInvoice(order.invoices ?? [], fact.invoice, at)
    if (invoices) set.invoices = invoices
    // Stripe already told us a newer state of this invoice: this event says nothing new.
    else stale = true
    if (fact.outcome === 'paid' && (order.status === 'pending' || order.status === 'failed')) set.paymentId = fact.invoice.id
  }

  const current = !stale && isNewer(at, order.statusChangedAt)
  const to = current && candidate && candidate !== order.status && canChangeStatus(order.status, candidate) ? candidate : undefined
  // A newer event that says the status is what it is also moves the clock: an older one can't undo it.
  if (to || (current && candidate === order.status)) set.statusChangedAt = at
  return { set, to, ...(to === 'paid' ? { notice: 'paid' as const } : to === 'past_due' ? { notice: 'past_due' as const } : {}) }
}
