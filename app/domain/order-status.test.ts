import { describe, expect, it } from 'vitest'
import { allowedNextStatuses, canChangeStatus, isOrderStatus, statusForSubscription } from './order-status'

describe('order status rules', () => {
  it.each([
    ['pending', 'paid', true],
    ['pending', 'failed', true],
    ['failed', 'paid', true],
    ['paid', 'canceled', true],
    ['paid', 'pending', false],
    ['paid', 'failed', false],
    ['canceled', 'paid', false],
    ['pending', 'pending', false],
    ['paid', 'past_due', true],
    ['past_due', 'paid', true],
    ['past_due', 'canceled', true],
    ['pending', 'past_due', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed)
  })

  it('knows the statuses', () => {
    expect(isOrderStatus('paid')).toBe(true)
    expect(isOrderStatus('refunded')).toBe(false)
    expect(isOrderStatus({ $ne: 'x' })).toBe(false)
    expect(allowedNextStatuses('canceled')).toEqual([])
  })

  it('never offers staff past due: only Stripe says a renewal failed', () => {
    expect(allowedNextStatuses('paid')).toEqual(['canceled'])
    expect(allowedNextStatuses('past_due')).toEqual(['paid', 'canceled'])
  })

  it.each([
    ['active', 'paid'],
    ['trialing', 'paid'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', null],
  ] as const)('a subscription %s means the order is %s', (stripe, order) => {
    expect(statusForSubscription(stripe)).toBe(order)
  })
})
