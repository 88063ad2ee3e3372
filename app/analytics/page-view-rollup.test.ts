import { describe, expect, it } from 'vitest'
import type { PageView } from '#app/domain/page-views'
import {
  addPageViews,
  foldHours,
  foldPageViews,
  mergePageViews,
  OTHER,
  PAGES_PER_DAY,
  parseFoldedHours,
  PAGE_VIEW_BUCKET_MS,
  PAGES_PER_BUCKET,
  type PageViewRollup,
  pageViewDocument,
  SOURCES_PER_BUCKET,
} from './page-view-rollup'

const base = Date.UTC(2026, 0, 1, 12, 0, 0)
const view = (page: string, more: Partial<PageView> = {}): PageView => ({
  page,
  entrance: false,
  source: 'Direct',
  device: 'desktop',
  checkout: false,
  ...more,
})

describe('page-view rollups', () => {
  it('count views per hour, visits by source and device, and arrivals at checkout, across instances', () => {
    const one = new Map<number, PageViewRollup>()
    const changed = addPageViews(one, [
      { timestamp: new Date(base), view: view('/', { entrance: true, source: 'google.com', device: 'phone' }) },
      { timestamp: new Date(base + 1000), view: view('/news') },
      { timestamp: new Date(base + PAGE_VIEW_BUCKET_MS), view: view('/checkout/2', { checkout: true }) },
    ])
    expect([...changed]).toEqual([base, base + PAGE_VIEW_BUCKET_MS])
    const two = new Map<number, PageViewRollup>()
    addPageViews(two, [{ timestamp: new Date(base + 5), view: view('/news', { entrance: true }) }])
    const documents = [
      ...[...one.values()].map((r) => pageViewDocument('one', r)),
      ...[...two.values()].map((r) => pageViewDocument('two', r)),
    ]
    expect(documents[0]?._id).toBe('one:2026-01-01T12:00:00.000Z')
    expect(mergePageViews(documents, 10)).toEqual({
      pageViews: 4,
      visits: 2,
      checkoutsStarted: 1,
      pages: [
        ['/news', 2],
        ['/', 1],
        ['/checkout/2', 1],
      ],
      sources: [
        ['Direct', 1],
        ['google.com', 1],
      ],
      devices: { phone: 1, desktop: 1 },
    })
  })

  it('stay the same size however many random pages and referrers a scanner sends', () => {
    const rollups = new Map<number, PageViewRollup>()
    const views = Array.from({ length: 5000 }, (_, i) => ({
      timestamp: new Date(base + i),
      view: view(`/random-${i}`, { entrance: true, source: `spam-${i}.example` }),
    }))
    addPageViews(rollups, views)
    const rollup = rollups.get(base)!
    expect(rollup.views).toBe(5000)
    expect(rollup.pages.size).toBe(PAGES_PER_BUCKET + 1)
    expect(rollup.sources.size).toBe(SOURCES_PER_BUCKET + 1)
    const stored = pageViewDocument('one', rollup)
    expect(stored.pages.length + stored.sources.length).toBeLessThan(8000)
    // What fell past the limit is counted, but never listed as a page or a source.
    const merged = mergePageViews([stored], 1000)
    expect(merged.pages.map(([page]) => page)).not.toContain('(other)')
    expect(merged.pageViews).toBe(5000)
  })

  it('read a damaged document as empty lists rather than failing', () => {
    const doc = { views: 1, visits: 0, checkouts: 0, pages: 'not json', sources: '{"a":1}', phone: 0, desktop: 0 }
    expect(mergePageViews([doc], 10)).toMatchObject({ pageViews: 1, pages: [], sources: [] })
  })
})

describe('folding rollups into a day', () => {
  const counted = (pages: [string, number][], more: Partial<{ views: number; visits: number }> = {}) => ({
    views: more.views ?? pages.reduce((sum, [, n]) => sum + n, 0),
    visits: more.visits ?? 1,
    checkouts: 0,
    pages: JSON.stringify(pages),
    sources: JSON.stringify([['Direct', more.visits ?? 1]]),
    phone: 0,
    desktop: more.visits ?? 1,
  })

  it('adds the totals and merges pages, keeping the busiest and counting the rest under (other)', () => {
    const many = Array.from({ length: PAGES_PER_DAY + 5 }, (_, i): [string, number] => [`/p${i}`, i === 0 ? 10 : 1])
    const day = foldPageViews([
      counted(many),
      counted(
        [
          ['/p0', 2],
          [OTHER, 3],
        ],
        { visits: 2 },
      ),
    ])
    expect(day.views).toBe(10 + PAGES_PER_DAY + 4 + 5)
    expect(day.visits).toBe(3)
    const pages = JSON.parse(day.pages) as [string, number][]
    expect(pages[0]).toEqual(['/p0', 12])
    expect(pages).toHaveLength(PAGES_PER_DAY + 1)
    expect(pages.at(-1)).toEqual([OTHER, 3 + 5])
    expect(mergePageViews([day], 1).pages).toEqual([['/p0', 12]])
  })

  it('keeps a day hour by hour, every instance added, and reads back only well-formed hours', () => {
    const at = (hour: number) => new Date(base + hour * PAGE_VIEW_BUCKET_MS)
    const hours = foldHours([
      { ...counted([['/', 1]]), bucket: at(1) },
      { ...counted([['/', 2]]), bucket: at(0) },
      { ...counted([['/news', 1]]), bucket: at(1) },
    ])
    expect(hours.map((hour) => [hour.bucket, hour.views])).toEqual([
      [at(0).getTime(), 2],
      [at(1).getTime(), 2],
    ])
    expect(parseFoldedHours(JSON.stringify(hours))).toEqual(hours)
    expect(parseFoldedHours(JSON.stringify([{ bucket: 'x' }, null, ...hours]))).toEqual(hours)
    expect(parseFoldedHours('not json')).toEqual([])
  })
})
