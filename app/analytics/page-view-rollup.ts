import type { PageView } from '#app/domain/page-views'

// Pure bookkeeping for the page-view rollups (see page-view-rollup-model.server.ts): per instance
// and per hour, kept 60 days so 30 days compare with the 30 before.
export const PAGE_VIEW_BUCKET_MS = 60 * 60 * 1000
export const PAGE_VIEW_KEEP_MS = 60 * 24 * PAGE_VIEW_BUCKET_MS
/**
 * Distinct pages and sources counted per bucket, in memory and stored: a scanner sending random
 * URLs or referrers can't grow either. What comes after the limit counts under `(other)`.
 */
export const PAGES_PER_BUCKET = 100
export const SOURCES_PER_BUCKET = 50
export const OTHER = '(other)'

export type PageViewRollup = {
  bucket: number
  views: number
  visits: number
  checkouts: number
  pages: Map<string, number>
  sources: Map<string, number>
  phone: number
  desktop: number
}

export function pageViewBucketOf(time: number) {
  return Math.floor(time / PAGE_VIEW_BUCKET_MS) * PAGE_VIEW_BUCKET_MS
}

function increment(map: Map<string, number>, key: string, limit: number, by = 1) {
  const at = map.has(key) || map.size < limit ? key : OTHER
  map.set(at, (map.get(at) ?? 0) + by)
}

export function emptyPageViewRollup(bucket: number): PageViewRollup {
  return { bucket, views: 0, visits: 0, checkouts: 0, pages: new Map(), sources: new Map(), phone: 0, desktop: 0 }
}

/** Adds views to the rollups of their hours; returns the buckets that changed. */
export function addPageViews(rollups: Map<number, PageViewRollup>, views: { timestamp: Date; view: PageView }[]): Set<number> {
  const changed = new Set<number>()
  for (const { timestamp, view } of views) {
    const bucket = pageViewBucketOf(timestamp.getTime())
    let rollup = rollups.get(bucket)
    if (!rollup) rollups.set(bucket, (rollup = emptyPageViewRollup(bucket)))
    rollup.views++
    increment(rollup.pages, view.page, PAGES_PER_BUCKET)
    if (view.checkout) rollup.checkouts++
    if (view.entrance) {
      rollup.visits++
      increment(rollup.sources, view.source, SOURCES_PER_BUCKET)
      rollup[view.device]++
    }
    changed.add(bucket)
  }
  return changed
}

/** The stored shape: counts as JSON text, which FerretDB reads faster than arrays of sub-documents. */
export function pageViewDocument(instanceId: string, rollup: PageViewRollup, now = new Date()) {
  return {
    _id: `${instanceId}:${new Date(rollup.bucket).toISOString()}`,
    bucket: new Date(rollup.bucket),
    views: rollup.views,
    visits: rollup.visits,
    checkouts: rollup.checkouts,
    pages: JSON.stringify([...rollup.pages]),
    sources: JSON.stringify([...rollup.sources]),
    phone: rollup.phone,
    desktop: rollup.desktop,
    updatedAt: now,
  }
}

export type StoredPageViewRollup = ReturnType<typeof pageViewDocument>

function parsePairs(text: string): [string, number][] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value)
      ? (value as [string, number][]).filter((pair) => typeof pair?.[0] === 'string' && Number.isFinite(pair[1]))
      : []
  } catch {
    return []
  }
}

export type PageViewTotals = {
  pageViews: number
  visits: number
  checkoutsStarted: number
  pages: [string, number][]
  sources: [string, number][]
  devices: { phone: number; desktop: number }
}

type Counted = Pick<StoredPageViewRollup, 'views' | 'visits' | 'checkouts' | 'pages' | 'sources' | 'phone' | 'desktop'>

/** Most first, then by name, so equal counts always list the same way. */
const byCount = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)

/** Adds stored rollups' counts together, and their pages' and sources' counts by name. */
function addUp(documents: Counted[]) {
  const totals = { views: 0, visits: 0, checkouts: 0, phone: 0, desktop: 0 }
  const pages = new Map<string, number>()
  const sources = new Map<string, number>()
  for (const doc of documents) {
    totals.views += doc.views
    totals.visits += doc.visits
    totals.checkouts += doc.checkouts
    totals.phone += doc.phone
    totals.desktop += doc.desktop
    for (const [page, count] of parsePairs(doc.pages)) pages.set(page, (pages.get(page) ?? 0) + count)
    for (const [source, count] of parsePairs(doc.sources)) sources.set(source, (sources.get(source) ?? 0) + count)
  }
  return { totals, pages, sources }
}

/** Merges stored rollups (any instances, any hours) into one period's totals, pages and sources busiest first. */
export function mergePageViews(documents: Counted[], limit: number): PageViewTotals {
  const { totals, pages, sources } = addUp(documents)
  // (other) is what fell past a bucket's limit: not a page or a source anyone can open.
  const top = (map: Map<string, number>) =>
    [...map]
      .filter(([key]) => key !== OTHER)
      .sort(byCount)
      .slice(0, limit)
  return {
    pageViews: totals.views,
    visits: totals.visits,
    checkoutsStarted: totals.checkouts,
    pages: top(pages),
    sources: top(sources),
    devices: { phone: totals.phone, desktop: totals.desktop },
  }
}

// Folding: once no instance can still rewrite a day's hours, they become one document for the
// day (all instances together), so a 30-day reading reads about 30 documents instead of 720 per instance.
export const PAGE_VIEW_DAY_MS = 24 * PAGE_VIEW_BUCKET_MS
/**
 * A writer rewrites its hours for 24 hours after they end (late entries add to their hour); two
 * more hours allow for flushes and clocks that differ between instances.
 */
export const FOLD_AFTER_MS = 26 * PAGE_VIEW_BUCKET_MS
/** A day's or a folded hour's distinct pages and sources; the rest count under `(other)`. */
export const PAGES_PER_DAY = 500
export const SOURCES_PER_DAY = 200

export type CountedPageViews = Counted

export function pageViewDayOf(time: number) {
  return Math.floor(time / PAGE_VIEW_DAY_MS) * PAGE_VIEW_DAY_MS
}

/** A day's id: its UTC date. */
export function pageViewDayId(day: number) {
  return new Date(day).toISOString().slice(0, 10)
}

/** The busiest `limit` keys, the rest added to `(other)`. */
function bounded(map: Map<string, number>, limit: number): [string, number][] {
  const sorted = [...map].filter(([key]) => key !== OTHER).sort(byCount)
  const kept = sorted.slice(0, limit)
  const other = (map.get(OTHER) ?? 0) + sorted.slice(limit).reduce((sum, [, count]) => sum + count, 0)
  return other > 0 ? [...kept, [OTHER, other]] : kept
}

/** Adds stored rollups into one (a day, or one hour of every instance), its pages and sources bounded. */
export function foldPageViews(documents: Counted[]): Counted {
  const { totals, pages, sources } = addUp(documents)
  return {
    ...totals,
    pages: JSON.stringify(bounded(pages, PAGES_PER_DAY)),
    sources: JSON.stringify(bounded(sources, SOURCES_PER_DAY)),
  }
}

export type FoldedHour = Counted & { bucket: number }

/** A day's hours, every instance's added together: what a reading needs when its range starts or splits inside the day. */
export function foldHours(documents: (Counted & { bucket: Date })[]): FoldedHour[] {
  const byHour = new Map<number, Counted[]>()
  for (const doc of documents) {
    const bucket = doc.bucket.getTime()
    byHour.set(bucket, [...(byHour.get(bucket) ?? []), doc])
  }
  return [...byHour].sort(([a], [b]) => a - b).map(([bucket, docs]) => ({ bucket, ...foldPageViews(docs) }))
}

/** The stored hours of a folded day (JSON text, as the rollups' pages), read back; anything malformed is skipped. */
export function parseFoldedHours(text: string): FoldedHour[] {
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value.filter(
      (hour: Partial<FoldedHour> | null): hour is FoldedHour =>
        typeof hour === 'object' &&
        hour !== null &&
        [hour.bucket, hour.views, hour.visits, hour.checkouts, hour.phone, hour.desktop].every(Number.isFinite) &&
        typeof hour.pages === 'string' &&
        typeof hour.sources === 'string',
    )
  } catch {
    return []
  }
}
