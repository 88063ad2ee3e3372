import { randomBytes } from 'node:crypto'
import type { ObjectId } from 'mongoose'
import { ANALYTICS_WINDOW_MS } from '#app/domain/access-analytics'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { AccessLogRecent } from '#app/analytics/access-log-recent-model.server'
import { addNotRecorded, addToRollups, bucketOf, type Rollup, ROLLUP_BUCKET_MS, rollupDocument } from './access-rollup'
import { keepNewest, type LogLine, recentLogDocument } from './recent-log'

const KEEP_ROLLUPS_MS = 2 * ANALYTICS_WINDOW_MS

/**
 * This instance's running totals of the access log. After each flush of entries, the buckets
 * that changed are written whole under this instance's own ids; a failed write is retried with
 * the next flush because the totals stay in memory until they leave the analytics window.
 */
export class AccessLogRollupWriter {
  private readonly rollups = new Map<number, Rollup>()
  private readonly unsaved = new Set<number>()
  private recent: LogLine[] = []
  private recentUnsaved = false

  constructor(private readonly instanceId = randomBytes(8).toString('hex')) {}

  recordNotRecorded(count: number, now = new Date()) {
    this.unsaved.add(addNotRecorded(this.rollups, now.getTime(), count))
  }

  record(entries: LogLine[]) {
    for (const bucket of addToRollups(this.rollups, entries)) this.unsaved.add(bucket)
    if (entries.length === 0) return
    this.recent = keepNewest([...this.recent, ...entries])
    this.recentUnsaved = true
  }

  async save(now = new Date()) {
    const oldest = bucketOf(now.getTime() - ANALYTICS_WINDOW_MS) - ROLLUP_BUCKET_MS
    for (const bucket of this.rollups.keys()) {
      if (bucket < oldest) {
        this.rollups.delete(bucket)
        this.unsaved.delete(bucket)
      }
    }
    if (this.recentUnsaved) {
      this.recentUnsaved = false
      const { _id, ...doc } = recentLogDocument(this.instanceId, this.recent, now)
      await AccessLogRecent.collection.replaceOne({ _id: _id as unknown as ObjectId }, doc, { upsert: true }).catch((error: unknown) => {
        this.recentUnsaved = true
        throw error
      })
    }
    if (this.unsaved.size === 0) return
    const buckets = [...this.unsaved]
    this.unsaved.clear()
    const saved: number[] = []
    try {
      // One replaceOne at a time: on FerretDB 1.24 an unordered bulkWrite that replaces existing
      // documents never answered. Usually only the current bucket changed since the last flush.
      for (const bucket of buckets) {
        const { _id, ...doc } = rollupDocument(this.instanceId, this.rollups.get(bucket)!, now)
        // Ids are strings here; the driver's typing assumes ObjectId.
        await AccessLogRollup.collection.replaceOne({ _id: _id as unknown as ObjectId }, doc, { upsert: true })
        saved.push(bucket)
      }
    } catch (error) {
      for (const bucket of buckets) if (!saved.includes(bucket)) this.unsaved.add(bucket)
      throw error
    }
  }
}

/** Writes rollups for entries that were stored some other way (benchmarks, tests). */
export async function writeRollupsFor(entries: LogLine[], instanceId = `import-${randomBytes(4).toString('hex')}`) {
  const writer = new AccessLogRollupWriter(instanceId)
  writer.record(entries)
  await writer.save()
}

export async function pruneAccessLogRollups(now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_ROLLUPS_MS)
  const { deletedCount } = await AccessLogRollup.deleteMany({ bucket: { $lt: cutoff } })
  const recent = await AccessLogRecent.deleteMany({ newestAt: { $lt: cutoff } })
  return deletedCount + recent.deletedCount
}
