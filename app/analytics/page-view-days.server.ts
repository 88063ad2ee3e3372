import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { PageViewRollup } from './page-view-rollup-model.server'
import { PageViewDay, PageViewDayHours } from './page-view-day-model.server'
import {
  type CountedPageViews,
  FOLD_AFTER_MS,
  foldHours,
  foldPageViews,
  PAGE_VIEW_DAY_MS,
  PAGE_VIEW_KEEP_MS,
  pageViewDayId,
  pageViewDayOf,
  parseFoldedHours,
} from './page-view-rollup'

const FOLD_DAYS_PER_READ = 7
const COUNTED = { bucket: 1, views: 1, visits: 1, checkouts: 1, pages: 1, sources: 1, phone: 1, desktop: 1, updatedAt: 1 } as const

/** Inserts a document whose `_id` claims it; an existing one (another run's) is left as it is. */
async function insertOnce(insert: () => Promise<unknown>) {
  try {
    await insert()
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error
  }
}

/**
 * Folds every settled day's hourly page views (all instances) into one document per day and its
 * hour-by-hour companion, then deletes those hours. Safe to run twice and on several instances at
 * once: each day's documents are inserts that claim its date, and the hours folded are deleted only
 * after both exist. A day records the last write of the hours it holds (`hoursUpTo`), so a reading
 * ignores those hours if it still finds them, and counts any written later (a late write, a seeded
 * test) on top. Returns the days folded.
 */
export async function foldPageViewDays(now = new Date(), signal?: AbortSignal): Promise<number> {
  // The newest day whose every hour ended FOLD_AFTER_MS ago.
  const lastDay = pageViewDayOf(now.getTime() - FOLD_AFTER_MS - PAGE_VIEW_DAY_MS)
  // A day partly pruned already would fold incomplete: the prune takes it.
  const keptFrom = pageViewDayOf(now.getTime() - PAGE_VIEW_KEEP_MS) + PAGE_VIEW_DAY_MS
  if (lastDay < keptFrom) return 0
  const hours = await PageViewRollup.find(
    { bucket: { $gte: new Date(keptFrom), $lt: new Date(lastDay + PAGE_VIEW_DAY_MS) } },
    { bucket: 1 },
  ).lean()
  const days = [...new Set(hours.map((hour) => pageViewDayOf(hour.bucket.getTime())))].sort((a, b) => a - b)
  const done = new Map(
    (await PageViewDay.find({ day: { $gte: new Date(keptFrom) } }, { hoursUpTo: 1 }).lean()).map((day) => [
      day._id,
      day.hoursUpTo.getTime(),
    ]),
  )
  let folded = 0
  // A week at a time: FerretDB scans the collection for each query, so fewer and larger reads.
  for (let i = 0; i < days.length; i += FOLD_DAYS_PER_READ) {
    signal?.throwIfAborted()
    const chunk = days.slice(i, i + FOLD_DAYS_PER_READ)
    const range = { $gte: new Date(chunk[0]!), $lt: new Date(chunk.at(-1)! + PAGE_VIEW_DAY_MS) }
    const documents = await PageViewRollup.find({ bucket: range }, COUNTED).lean()
    const foldedIds: string[] = []
    for (const day of chunk) {
      const id = pageViewDayId(day)
      const ofDay = documents.filter((doc) => pageViewDayOf(doc.bucket.getTime()) === day)
      const upTo = done.get(id)
      if (upTo !== undefined) {
        // Folded before (a run that stopped before deleting): its hours go; later ones stay counted.
        foldedIds.push(...ofDay.filter((doc) => doc.updatedAt.getTime() < upTo).map((doc) => doc._id))
        continue
      }
      if (ofDay.length === 0) continue
      const hoursUpTo = new Date(Math.max(...ofDay.map((doc) => doc.updatedAt.getTime())) + 1)
      // The hours first: a reading that finds the day may need them.
      await insertOnce(() => PageViewDayHours.create({ _id: id, day: new Date(day), hours: JSON.stringify(foldHours(ofDay)) }))
      await insertOnce(() => PageViewDay.create({ _id: id, day: new Date(day), ...foldPageViews(ofDay), hoursUpTo, foldedAt: new Date() }))
      foldedIds.push(...ofDay.map((doc) => doc._id))
      folded++
    }
    if (foldedIds.length > 0) await PageViewRollup.deleteMany({ _id: { $in: foldedIds } })
  }
  return folded
}

export type PageViewSpan = CountedPageViews & { start: number }

/**
 * Page views from `from` on, as spans that each lie wholly before or wholly after `split` (the
 * start of the current period): folded days where a whole day fits, hours elsewhere (the day's
 * folded hours where the range starts or splits inside a folded day, the hourly rollups of days
 * not folded yet).
 */
export async function readPageViewSpans(from: number, split: number): Promise<PageViewSpan[]> {
  // Hours first, then days: a fold between the two reads then shows as a folded day whose hours are ignored.
  const hours = await PageViewRollup.find({ bucket: { $gte: new Date(from) } }, COUNTED).lean()
  const days = await PageViewDay.find({ day: { $gte: new Date(pageViewDayOf(from)) } }).lean()
  const hoursUpTo = new Map(days.map((day) => [day.day.getTime(), day.hoursUpTo.getTime()]))
  const spans: PageViewSpan[] = hours
    .filter((hour) => hour.updatedAt.getTime() >= (hoursUpTo.get(pageViewDayOf(hour.bucket.getTime())) ?? 0))
    .map(({ bucket, views, visits, checkouts, pages, sources, phone, desktop }) => ({
      start: bucket.getTime(),
      views,
      visits,
      checkouts,
      pages,
      sources,
      phone,
      desktop,
    }))
  const partial: number[] = []
  for (const { day, views, visits, checkouts, pages, sources, phone, desktop } of days) {
    const start = day.getTime()
    const end = start + PAGE_VIEW_DAY_MS
    if (start >= from && !(start < split && split < end)) spans.push({ start, views, visits, checkouts, pages, sources, phone, desktop })
    else partial.push(start)
  }
  // At most two days: where the range starts and where it splits. Each read by its _id.
  const details = await Promise.all(partial.map((day) => PageViewDayHours.findById(pageViewDayId(day), { hours: 1 }).lean()))
  for (const detail of details) {
    for (const { bucket, ...counted } of parseFoldedHours(detail?.hours ?? '[]'))
      if (bucket >= from) spans.push({ ...counted, start: bucket })
  }
  return spans
}

/** Folded days (and their hours) past the hourly rollups' retention. */
export async function prunePageViewDays(now = new Date()) {
  const cutoff = new Date(pageViewDayOf(now.getTime() - PAGE_VIEW_KEEP_MS))
  const [days, hours] = await Promise.all([
    PageViewDay.deleteMany({ day: { $lt: cutoff } }),
    PageViewDayHours.deleteMany({ day: { $lt: cutoff } }),
  ])
  return days.deletedCount + hours.deletedCount
}
