import { describe, expect, it } from 'vitest'
import { RateLimitHit } from '#app/lib/rate-limit/rate-limit-model.server'
import { hitRateLimit, hitRateLimits, peekRateLimit, pruneRateLimits, resetRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('rate_limit')
const rule = { name: 'test', limit: 3, windowMs: 60_000 }

describe('rate limits kept in the database', () => {
  it('allows the limit, refuses the next hit and says when to retry', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 10)
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(rule, '203.0.113.7', now))
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false])
    expect(results[3]?.retryAfterSeconds).toBe(50)
    expect((await peekRateLimit(rule, '203.0.113.7', now)).allowed).toBe(false)
    // Another visitor is not affected.
    expect((await hitRateLimit(rule, '198.51.100.1', now)).allowed).toBe(true)
  })

  it('writes nothing for a refused hit: a flood costs the attacker, not the database', async () => {
    const now = Date.UTC(2026, 0, 1, 14, 0, 0)
    for (let i = 0; i < 50; i++) await hitRateLimit(rule, 'flood', now)
    expect(await RateLimitHit.countDocuments({ key: 'test:flood' })).toBe(rule.limit)
  })

  it('lets exactly the limit through from 40 parallel hits, with one document each', async () => {
    const now = Date.UTC(2026, 0, 1, 15, 0, 0)
    const burst = { name: 'burst', limit: 5, windowMs: 60_000 }
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(burst, 'one-address', now)))
    expect(results.filter((result) => result.allowed)).toHaveLength(5)
    expect(await RateLimitHit.countDocuments({ key: 'burst:one-address' })).toBe(5)
  })

  it('takes a released slot again, and counts several limits all or nothing', async () => {
    const now = Date.UTC(2026, 0, 1, 16, 0, 0)
    const claims = []
    for (let i = 0; i < rule.limit; i++) claims.push(await hitRateLimit(rule, 'released', now))
    expect((await hitRateLimit(rule, 'released', now)).allowed).toBe(false)
    await claims[1]!.release()
    expect((await hitRateLimit(rule, 'released', now)).allowed).toBe(true)

    const wide = { name: 'wide', limit: 10, windowMs: 60_000 }
    for (let i = 0; i < rule.limit; i++) await hitRateLimit(rule, 'narrow-full', now)
    const both = await hitRateLimits(
      [
        { rule: wide, subject: 'address' },
        { rule, subject: 'narrow-full' },
      ],
      now,
    )
    expect(both.allowed).toBe(false)
    // The wide limit was not charged for an attempt the narrow one refused.
    expect(await RateLimitHit.countDocuments({ key: 'wide:address' })).toBe(0)
  })

  it('never lets a burst of concurrent hits past the limit', async () => {
    const now = Date.UTC(2026, 0, 1, 13, 0, 0)
    for (let round = 0; round < 5; round++) {
      const subject = `burst-${round}`
      const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(rule, subject, now)))
      expect(results.filter((result) => result.allowed).length).toBeLessThanOrEqual(rule.limit)
      // Every hit was counted: the window is now full for this subject.
      expect((await peekRateLimit(rule, subject, now)).allowed).toBe(false)
    }
  })

  it('starts counting afresh in the next window and prunes finished ones', async () => {
    const later = Date.UTC(2026, 0, 1, 12, 1, 5)
    expect((await hitRateLimit(rule, '203.0.113.7', later)).allowed).toBe(true)
    await pruneRateLimits(new Date(later))
    expect(await RateLimitHit.countDocuments({ key: 'test:203.0.113.7' })).toBe(1) // only the new window's hit is left
    await resetRateLimit(rule, '203.0.113.7')
    expect(await RateLimitHit.countDocuments({ key: 'test:203.0.113.7' })).toBe(0)
  })
})
