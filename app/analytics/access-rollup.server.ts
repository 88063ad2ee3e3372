import { randomBytes } from 'node:crypto'
import type { ObjectId } from 'mongoose'
import { ANALYTICS_WINDOW_MS } from '#app/domain/access-analytics'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { AccessLogRecent } from '#app/analytics/access-log-recent-model.server'
import { addNotRecorded, addToRollups, bucketOf, type Rollup, ROLLUP_BUCKET_MS, rollupDocument } from './access-rollup'
import { keepNewest, type LogLine, recentLogDocument } from './recent-log'
import { PageViewRollup } from './page-view-rollup-model.server'
import { prunePageViewDays } from './page-view-days.server'
import {
  addPageViews,
  PAGE_VIEW_BUCKET_MS,
  PAGE_VIEW_KEEP_MS,
  type PageViewRollup as PageViews,
  pageViewBucketOf,
  pageViewDocument,
} from './page-view-rollup'
import type { PageView } from '#app/domain/page-views'

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
  private readonly pageViews = new Map<number, PageViews>()
  private readonly pageViewsUnsaved = new Set<number>()

  constructor(private readonly instanceId = randomBytes(8).toString('hex')) {}

  recordNotRecorded(count: number, now = new Date()) {
    this.unsaved.add(addNotRecorded(this.rollups, now.getTime(), count))
  }

  record(entries: (LogLine & { view?: PageView | null })[]) {
    for (const bucket of addToRollups(this.rollups, entries)) this.unsaved.add(bucket)
    const views = entries.flatMap(({ timestamp, view }) => (view ? [{ timestamp, view }] : []))
    for (const bucket of addPageViews(this.pageViews, views)) this.pageViewsUnsaved.add(bucket)
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
    await this.savePageViews(now)
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

  private async savePageViews(now: Date) {
    const current = pageViewBucketOf(now.getTime())
    // A day of hours stays in memory, so entries written late add to their hour's totals instead
    // of replacing them; each hour holds at most PAGES_PER_BUCKET pages and SOURCES_PER_BUCKET sources.
    for (const bucket of this.pageViews.keys()) {
      if (bucket < current - 24 * PAGE_VIEW_BUCKET_MS) {
        this.pageViews.delete(bucket)
        this.pageViewsUnsaved.delete(bucket)
      }
    }
    for (const bucket of [...this.pageViewsUnsaved]) {
      const { _id, ...doc } = pageViewDocument(this.instanceId, this.pageViews.get(bucket)!, now)
      await PageViewRollup.collection.replaceOne({ _id: _id as unknown as ObjectId }, doc, { upsert: true })
      this.pageViewsUnsaved.delete(bucket)
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
  const pageViews = await PageViewRollup.deleteMany({ bucket: { $lt: new Date(now.getTime() - PAGE_VIEW_KEEP_MS) } })
  return deletedCount + recent.deletedCount + pageViews.deletedCount + (await prunePageViewDays(now))
}
