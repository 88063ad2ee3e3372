import { describe, expect, it } from 'vitest'
import { allowedNextStatuses, canChangeStatus, isOrderStatus } from './order-status'

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
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed)
  })

  it('knows the statuses', () => {
    expect(isOrderStatus('paid')).toBe(true)
    expect(isOrderStatus('refunded')).toBe(false)
    expect(isOrderStatus({ $ne: 'x' })).toBe(false)
    expect(allowedNextStatuses('canceled')).toEqual([])
  })
})
