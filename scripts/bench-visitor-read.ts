// npm run bench:visitor-read: what reading 30 days of visitor analytics costs before and after the
// fold job. It fills a scratch database (bench_visitor_read) with 60 days of hourly page-view
// rollups for BENCH_INSTANCES instances (default 1; what a 30-day reading with its 30 days before
// needs), times `getVisitorAnalytics('30d')` three times, folds the settled days as the hourly job
// would, times the reading again and checks it gives the same figures. The collections are dropped
// at the end.
import { performance } from 'node:perf_hooks'
import { getEnv } from '#app/lib/config/env.server'
import { connectToDatabase, disconnectFromDatabase, ensureIndexes } from '#app/lib/db/connection.server'
import { PageViewRollup } from '#app/analytics/page-view-rollup-model.server'
import { PageViewDay, PageViewDayHours } from '#app/analytics/page-view-day-model.server'
import { foldPageViewDays } from '#app/analytics/page-view-days.server'
import { addPageViews, PAGE_VIEW_BUCKET_MS, type PageViewRollup as Rollup, pageViewDocument } from '#app/analytics/page-view-rollup'
import { getVisitorAnalytics } from '#app/analytics/visitor-analytics.server'
import type { PageView } from '#app/domain/page-views'

const instances = Number(process.env.BENCH_INSTANCES ?? 1)
const HOURS = 60 * 24
const PAGES = ['/', '/news', '/services', '/checkout/1', '/checkout/2', ...Array.from({ length: 40 }, (_, i) => `/news/article-${i}`)]
const SOURCES = [
  'Direct',
  'google.com',
  'bing.com',
  'newsletter',
  'linkedin.com',
  ...Array.from({ length: 15 }, (_, i) => `site-${i}.example`),
]

const uri = getEnv().MONGODB_URI.replace(/\/([^/?]*)(\?|$)/, (_match, _name: string, query: string) => `/bench_visitor_read${query}`)
await connectToDatabase(uri)
const models = [PageViewRollup, PageViewDay, PageViewDayHours]
for (const model of models) await model.collection.drop().catch(() => undefined)
await ensureIndexes()

const now = new Date()
for (let n = 0; n < instances; n++) {
  const rollups = new Map<number, Rollup>()
  const views: { timestamp: Date; view: PageView }[] = []
  // Every hour of 60 days, 20 views an hour: a quiet business site's traffic.
  for (let hour = 0; hour < HOURS; hour++) {
    for (let i = 0; i < 20; i++) {
      const k = hour * 31 + i * 7 + n
      const page = PAGES[k % PAGES.length]!
      views.push({
        timestamp: new Date(now.getTime() - hour * PAGE_VIEW_BUCKET_MS - i * 1000),
        view: {
          page,
          entrance: i % 3 === 0,
          source: SOURCES[k % SOURCES.length]!,
          device: k % 4 ? 'desktop' : 'phone',
          checkout: page.startsWith('/checkout'),
        },
      })
    }
  }
  addPageViews(rollups, views)
  await PageViewRollup.insertMany([...rollups.values()].map((rollup) => pageViewDocument(`bench-${n}`, rollup)))
}

async function threeReadings() {
  const runs: number[] = []
  let figures: unknown
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    figures = await getVisitorAnalytics('30d', now)
    runs.push(performance.now() - started)
  }
  runs.sort((a, b) => a - b)
  return { figures, median: runs[1]!, min: runs[0]!, max: runs[2]! }
}

const ms = (value: number) => `${Math.round(value)} ms`
const documents = async () => ({
  hours: await PageViewRollup.estimatedDocumentCount(),
  days: await PageViewDay.estimatedDocumentCount(),
})

console.log(`visitor analytics, 30 days: ${instances} instance(s), ${HOURS} hours each — Node ${process.version}`)
const before = await threeReadings()
const stored = await documents()
const foldStarted = performance.now()
const folded = await foldPageViewDays(now)
const foldMs = performance.now() - foldStarted
const after = await threeReadings()
const left = await documents()
const same = JSON.stringify(before.figures) === JSON.stringify(after.figures)
console.log('|  | stored | 30-day reading, median (min–max) |')
console.log('| --- | --- | --- |')
console.log(`| hours only | ${stored.hours} hours | ${ms(before.median)} (${ms(before.min)}–${ms(before.max)}) |`)
console.log(`| folded | ${left.days} days + ${left.hours} hours | ${ms(after.median)} (${ms(after.min)}–${ms(after.max)}) |`)
console.log(`fold: ${folded} days in ${ms(foldMs)}; same figures: ${same ? 'yes' : 'NO'}`)

for (const model of models) await model.collection.drop().catch(() => undefined)
await disconnectFromDatabase()
if (!same) process.exitCode = 1
