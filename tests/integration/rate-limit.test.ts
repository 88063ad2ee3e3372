import { describe, expect, it } from 'vitest'
import { RateLimitHit } from '#app/models/rate-limit.server'
import { hitRateLimit, peekRateLimit, pruneRateLimits, resetRateLimit } from '#app/security/rate-limit.server'
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
