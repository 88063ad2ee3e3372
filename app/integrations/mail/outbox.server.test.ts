import { describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS, outboxMessageId, retryDelayMs } from './outbox.server'

describe('outbox retries', () => {
  it('wait 30 seconds after the first failure, doubling up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000)
  })

  it('keep trying for several hours before giving up', () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((sum, ms) => sum + ms, 0)
    expect(total).toBeGreaterThan(4 * 60 * 60 * 1000)
  })
})

describe('the Message-ID of a notification e-mail', () => {
  it('comes from the outbox id and the sender domain, the same for every attempt', () => {
    expect(outboxMessageId('6b0492afeaf755ea7d0fc383', 'Website <no-reply@roswell.test>')).toBe(
      '<outbox.6b0492afeaf755ea7d0fc383@roswell.test>',
    )
    expect(outboxMessageId('6b0492afeaf755ea7d0fc383', 'alerts@mail.example.com')).toBe(
      '<outbox.6b0492afeaf755ea7d0fc383@mail.example.com>',
    )
    expect(outboxMessageId('6b0492afeaf755ea7d0fc383', 'Website')).toBe('<outbox.6b0492afeaf755ea7d0fc383@localhost>')
  })
})
