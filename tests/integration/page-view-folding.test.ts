import { describe, expect, it } from 'vitest'
import { PageViewRollup } from '#app/analytics/page-view-rollup-model.server'
import { PageViewDay, PageViewDayHours } from '#app/analytics/page-view-day-model.server'
import { foldPageViewDays, prunePageViewDays } from '#app/analytics/page-view-days.server'
import {
  addPageViews,
  FOLD_AFTER_MS,
  PAGE_VIEW_BUCKET_MS,
  PAGE_VIEW_DAY_MS,
  type PageViewRollup as Rollup,
  pageViewDayOf,
  pageViewDocument,
} from '#app/analytics/page-view-rollup'
import { getVisitorAnalytics } from '#app/analytics/visitor-analytics.server'
import { ANALYTICS_RANGES, type PageView } from '#app/domain/page-views'
import { backgroundJobs } from '#app/server/startup.server'
import { setupTestDatabase } from '#tests/support/database'

// Folded days must read exactly as the hours they came from: every range, any state of folding.
setupTestDatabase('page_view_folding')

const HOUR = PAGE_VIEW_BUCKET_MS
const DAY = PAGE_VIEW_DAY_MS
// Mid-hour, so ranges start inside a day and the current hour is partial.
const NOW = new Date(Date.UTC(2026, 10, 20, 13, 25))
const PAGES = ['/', '/news', '/services', '/checkout/1', '/checkout/2', ...Array.from({ length: 12 }, (_, i) => `/news/article-${i}`)]
const SOURCES = ['Direct', 'google.com', 'bing.com', 'newsletter', 'linkedin.com', 'facebook.com']

/** Three instances' hourly rollups over 62 days: every fourth hour, a few views each, all different. */
async function storeTraffic() {
  for (const [n, instance] of ['a', 'b', 'c'].entries()) {
    const rollups = new Map<number, Rollup>()
    const views: { timestamp: Date; view: PageView }[] = []
    for (let hour = n; hour < 62 * 24; hour += 4) {
      const at = NOW.getTime() - hour * HOUR - 60_000
      for (let i = 0; i <= (hour * 7 + n) % 5; i++) {
        const k = hour * 13 + i * 5 + n
        const page = PAGES[k % PAGES.length]!
        views.push({
          timestamp: new Date(at - i * 1000),
          view: {
            page,
            entrance: k % 3 === 0,
            source: SOURCES[k % SOURCES.length]!,
            device: k % 4 === 0 ? 'phone' : 'desktop',
            checkout: page.startsWith('/checkout'),
          },
        })
      }
    }
    addPageViews(rollups, views)
    await PageViewRollup.insertMany([...rollups.values()].map((rollup) => pageViewDocument(instance, rollup)))
  }
}

const readAll = () => Promise.all(ANALYTICS_RANGES.map((range) => getVisitorAnalytics(range, NOW)))

describe('folding page-view hours into days', () => {
  it('is a leased hourly job, so one instance runs it each hour', () => {
    expect(backgroundJobs.find((job) => job.name === 'fold-page-views')).toMatchObject({ everyMs: HOUR })
  })

  it('reads the same figures from folded days as from the hours, with the fold part-way and complete, run twice and on two instances at once', async () => {
    await storeTraffic()
    const fromHours = await readAll()
    expect(fromHours.map((analytics) => analytics.pageViews).every((views) => views > 0)).toBe(true)

    // Folded up to 20 days ago only: the 30-day range and its previous period cross the boundary.
    const earlier = new Date(NOW.getTime() - 18 * DAY)
    expect(await foldPageViewDays(earlier)).toBeGreaterThan(30)
    const partly = await PageViewDay.find({}, { day: 1 }).lean()
    const newestFolded = Math.max(...partly.map((doc) => doc.day.getTime()))
    expect(newestFolded).toBeLessThan(NOW.getTime() - 18 * DAY)
    expect(await readAll()).toEqual(fromHours)

    // Two instances fold at once, then one again: each day once, the same figures.
    const [one, two] = await Promise.all([foldPageViewDays(NOW), foldPageViewDays(NOW)])
    expect(one + two).toBeGreaterThan(0)
    expect(await foldPageViewDays(NOW)).toBe(0)
    expect(await readAll()).toEqual(fromHours)

    // Hours remain only for days not settled yet, and folded days from the first whole day kept.
    const days = await PageViewDay.find({}, { day: 1 }).lean()
    const dayStarts = days.map((doc) => doc.day.getTime()).sort((a, b) => a - b)
    expect(new Set(dayStarts).size).toBe(dayStarts.length)
    expect(await PageViewDayHours.countDocuments()).toBe(days.length)
    const lastDay = pageViewDayOf(NOW.getTime() - FOLD_AFTER_MS - DAY)
    expect(dayStarts.at(-1)).toBe(lastDay)
    const hoursLeft = await PageViewRollup.find({}, { bucket: 1 }).lean()
    for (const hour of hoursLeft) {
      const at = hour.bucket.getTime()
      expect(at >= lastDay + DAY || at < dayStarts[0]!).toBe(true)
    }
    // A 30-day reading with its 30 days before reads about 60 days and 3 days of hours, not 1,440 hours per instance.
    expect(days.length).toBeLessThanOrEqual(61)
    expect(hoursLeft.filter((hour) => hour.bucket.getTime() >= dayStarts[0]!).length).toBeLessThanOrEqual(3 * 3 * 24)
  }, 180_000)

  it('folds nothing a writer may still change, counts hours written after their day was folded, and prunes with the hours’ retention', async () => {
    await PageViewRollup.deleteMany({})
    await PageViewDay.deleteMany({})
    await PageViewDayHours.deleteMany({})
    const rollups = new Map<number, Rollup>()
    const view: PageView = { page: '/', entrance: true, source: 'Direct', device: 'desktop', checkout: false }
    // Yesterday's last hour: a writer keeps it in memory for 24 hours more, so its day waits.
    const yesterday = pageViewDayOf(NOW.getTime()) - HOUR
    addPageViews(rollups, [{ timestamp: new Date(yesterday), view }])
    await PageViewRollup.insertMany([...rollups.values()].map((rollup) => pageViewDocument('a', rollup)))
    expect(await foldPageViewDays(NOW)).toBe(0)
    expect(await foldPageViewDays(new Date(yesterday + HOUR + FOLD_AFTER_MS - 1))).toBe(0)
    expect(await foldPageViewDays(new Date(yesterday + HOUR + FOLD_AFTER_MS))).toBe(1)
    expect(await PageViewRollup.countDocuments()).toBe(0)

    // An hour written after its day was folded (a late write, a seeded test) counts on top, and stays.
    const late = new Map<number, Rollup>()
    addPageViews(late, [{ timestamp: new Date(yesterday - HOUR), view }])
    await PageViewRollup.insertMany([...late.values()].map((rollup) => pageViewDocument('b', rollup, new Date(Date.now() + 1000))))
    const after = new Date(yesterday + HOUR + FOLD_AFTER_MS)
    expect((await getVisitorAnalytics('7d', after)).pageViews).toBe(2)
    expect(await foldPageViewDays(after)).toBe(0)
    expect(await PageViewRollup.countDocuments()).toBe(1)
    expect((await getVisitorAnalytics('7d', after)).pageViews).toBe(2)

    expect(await prunePageViewDays(new Date(yesterday + 59 * DAY))).toBe(0)
    expect(await prunePageViewDays(new Date(yesterday + 62 * DAY))).toBe(2)
  })
})
