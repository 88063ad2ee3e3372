import { describe, expect, it } from 'vitest'
import { quote } from '#app/domain/pricing'
import { subscriptionLines } from './prices.server'

const plan = { id: 2, name: 'Professional', price: 599 }

describe('subscription items', () => {
  it('bill the same money as the quote: the plan once, seats and backup seats as quantities', () => {
    const priced = quote({ plan, ms365Option: 'business_premium', users: 7, includeCloudBackup: true })
    const lines = subscriptionLines(plan, priced)
    expect(lines.map((line) => [line.price.lookupKey, line.price.unitAmountCents, line.quantity])).toEqual([
      ['plan_2_59900_usd_month', 59900, 1],
      ['ms365_business_premium_2200_usd_month', 2200, 7],
      ['cloud_backup_495_usd_month', 495, 7],
    ])
    expect(lines.reduce((sum, line) => sum + line.price.unitAmountCents * line.quantity, 0)).toBe(priced.totalCents)
  })

  it('have only the plan without a Microsoft 365 option, even with backup ticked', () => {
    const priced = quote({ plan, ms365Option: 'none', users: 20, includeCloudBackup: true })
    expect(subscriptionLines(plan, priced).map((line) => line.quantity)).toEqual([1])
  })

  it('get a new lookup key when a price changes, so old subscriptions keep theirs', () => {
    const cheaper = { ...plan, price: 549.5 }
    const [line] = subscriptionLines(cheaper, quote({ plan: cheaper, ms365Option: 'none', users: 1, includeCloudBackup: false }))
    expect(line?.price.lookupKey).toBe('plan_2_54950_usd_month')
  })
})
