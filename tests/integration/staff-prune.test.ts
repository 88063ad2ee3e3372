import { describe, expect, it } from 'vitest'
import { LegacyAccessLogEntry } from '#app/analytics/access-log-model.server'
import { pruneAccessLog } from '#app/analytics/access-log.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('staff_prune')

describe('access-log retention', () => {
  it('prunes a busy month’s worth of old-format entries in batches and keeps recent ones', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3600_000)
    const entry = (timestamp: Date) => ({ timestamp, method: 'GET', path: '/', status: 200, responseTimeMs: 1, visitorKey: 'v' })
    // Recent entries before, among and after the old ones: a batch deletes a range of ids, never these.
    await LegacyAccessLogEntry.collection.insertOne(entry(new Date()))
    for (let i = 0; i < 4; i++) {
      await LegacyAccessLogEntry.collection.insertMany(Array.from({ length: 10_000 }, () => entry(old)))
      await LegacyAccessLogEntry.collection.insertOne(entry(new Date()))
    }
    expect(await pruneAccessLog()).toBe(40_000)
    expect(await LegacyAccessLogEntry.countDocuments()).toBe(5)
  }, 120_000)
})
