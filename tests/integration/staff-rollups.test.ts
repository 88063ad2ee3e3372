import { describe, expect, it } from 'vitest'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { getAccessAnalytics } from '#app/analytics/access-analytics.server'
import { AccessLogRollupWriter } from '#app/analytics/access-rollup.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('staff_rollups')

describe('access-log rollups in the database', () => {
  it('are replaced flush after flush without duplicating counts', async () => {
    const writer = new AccessLogRollupWriter('probe')
    const entry = (i: number) => ({
      timestamp: new Date(Date.now() - i * 60_000),
      method: 'GET',
      path: `/p${i % 3}`,
      status: 200,
      responseTimeMs: 2,
      visitorKey: `v${i % 7}`,
    })
    for (let round = 0; round < 3; round++) {
      writer.record(Array.from({ length: 100 }, (_, i) => entry(i)))
      await writer.save()
    }
    // One document per ten-minute bucket: 100 minutes touch 10 or 11 buckets, whatever the flushes.
    expect([10, 11]).toContain(await AccessLogRollup.countDocuments())
    const analytics = await getAccessAnalytics()
    expect(analytics.totalRequests).toBe(300)
    expect(analytics.uniqueVisitors).toBe(7)
    expect(analytics.responseTimeAvg).toBe(2)
  }, 20_000)
})
