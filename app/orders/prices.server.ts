import type Stripe from 'stripe'
import type { PlanSummary } from '#app/catalogue/catalogue.server'
import { CLOUD_BACKUP_NAME } from '#app/domain/business'
import { CLOUD_BACKUP_PER_USER_CENTS, type PriceQuote } from '#app/domain/pricing'

// Every subscription item is a recurring monthly price in USD, found by its lookup key or
// created once. The amount is part of the key, so a changed plan price gets a new Stripe price
// and old subscriptions keep theirs.
export type MonthlyPrice = { lookupKey: string; productName: string; unitAmountCents: number }

export type SubscriptionLine = { price: MonthlyPrice; quantity: number }

/** The plan once, Microsoft 365 seats and backup seats as quantities: the same money as quote(). */
export function subscriptionLines(plan: Pick<PlanSummary, 'id' | 'name'>, priced: PriceQuote): SubscriptionLine[] {
  const lines: SubscriptionLine[] = [
    {
      price: {
        lookupKey: `plan_${plan.id}_${priced.planCents}_usd_month`,
        productName: `${plan.name} Plan`,
        unitAmountCents: priced.planCents,
      },
      quantity: 1,
    },
  ]
  if (priced.ms365Cents > 0) {
    const option = priced.ms365Option
    lines.push({
      price: {
        lookupKey: `ms365_${option.id}_${option.pricePerUserCents}_usd_month`,
        productName: option.label,
        unitAmountCents: option.pricePerUserCents,
      },
      quantity: priced.users,
    })
  }
  if (priced.backupCents > 0) {
    lines.push({
      price: {
        lookupKey: `cloud_backup_${CLOUD_BACKUP_PER_USER_CENTS}_usd_month`,
        productName: CLOUD_BACKUP_NAME,
        unitAmountCents: CLOUD_BACKUP_PER_USER_CENTS,
      },
      quantity: priced.users,
    })
  }
  return lines
}

const priceIds = new Map<string, Promise<string>>()

async function findOrCreatePrice(stripe: Stripe, price: MonthlyPrice): Promise<string> {
  const found = await stripe.prices.list({ lookup_keys: [price.lookupKey], active: true, limit: 1 })
  const match = found.data.find(
    (candidate) =>
      candidate.lookup_key === price.lookupKey &&
      candidate.unit_amount === price.unitAmountCents &&
      candidate.recurring?.interval === 'month',
  )
  if (match) return match.id
  const created = await stripe.prices.create(
    {
      currency: 'usd',
      unit_amount: price.unitAmountCents,
      recurring: { interval: 'month' },
      lookup_key: price.lookupKey,
      product_data: { name: price.productName },
    },
    // Two instances creating the same price at once get the same one back.
    { idempotencyKey: `price-${price.lookupKey}` },
  )
  return created.id
}

/** The Stripe price id for a lookup key; remembered per instance once known. */
export function monthlyPriceId(stripe: Stripe, price: MonthlyPrice): Promise<string> {
  let id = priceIds.get(price.lookupKey)
  if (!id) {
    id = findOrCreatePrice(stripe, price)
    priceIds.set(price.lookupKey, id)
    id.catch(() => priceIds.delete(price.lookupKey))
  }
  return id
}

export async function subscriptionItems(stripe: Stripe, lines: SubscriptionLine[]) {
  return Promise.all(lines.map(async (line) => ({ price: await monthlyPriceId(stripe, line.price), quantity: line.quantity })))
}
