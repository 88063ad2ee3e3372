import { describe, expect, it } from 'vitest'
import {
  addNotRecorded,
  addToRollups,
  hourlyTraffic,
  mergeRollups,
  PATHS_PER_BUCKET,
  type Rollup,
  rollupDocument,
  ROLLUP_BUCKET_MS,
} from './access-rollup'

const base = Date.UTC(2026, 0, 1, 12, 0, 0)
const entry = (offsetMs: number, path: string, status: number, responseTimeMs: number, visitorKey: string) => ({
  timestamp: new Date(base + offsetMs),
  path,
  status,
  responseTimeMs,
  visitorKey,
})

describe('access-log rollups', () => {
  it('count per 10-minute bucket and merge across buckets and instances into the analytics', () => {
    const first = new Map<number, Rollup>()
    const changed = addToRollups(first, [
      entry(0, '/a', 200, 10, 'v1'),
      entry(1000, '/a', 200, 20, 'v2'),
      entry(ROLLUP_BUCKET_MS, '/b', 404, 30, 'v1'),
    ])
    expect([...changed]).toEqual([base, base + ROLLUP_BUCKET_MS])
    const other = new Map<number, Rollup>()
    addToRollups(other, [entry(5, '/b', 500, 40, 'v3'), entry(6, '/b', 200, 0, 'v3')])
    const documents = [
      ...[...first.values()].map((r) => rollupDocument('one', r)),
      ...[...other.values()].map((r) => rollupDocument('two', r)),
    ]
    expect(documents[0]?._id).toBe('one:2026-01-01T12:00:00.000Z')
    expect(mergeRollups(documents, 10)).toEqual({
      totalRequests: 5,
      uniqueVisitors: 3,
      responseTimeAvg: 20,
      httpStatusCodes: { '200': 3, '404': 1, '500': 1 },
      mostVisitedPages: [
        { url: '/a', count: 2 },
        { url: '/b', count: 2 },
        { url: '(not found)', count: 1 },
      ],
      notRecorded: 0,
    })
    expect(mergeRollups(documents, 1).mostVisitedPages).toEqual([{ url: '/a', count: 2 }])
  })

  it('keep a bounded number of distinct pages per bucket: 404s under one key, the rest beyond the limit under another', () => {
    const rollups = new Map<number, Rollup>()
    const scan = Array.from({ length: 5000 }, (_, i) => entry(i, `/scan-${i}`, 404, 1, `v${i}`))
    const pages = Array.from({ length: PATHS_PER_BUCKET + 50 }, (_, i) => entry(i, `/page-${i}`, 200, 1, 'v'))
    addToRollups(rollups, [...scan, ...pages, entry(9, '/page-0', 200, 1, 'v')])
    const paths = rollups.get(base)!.paths
    expect(paths.size).toBe(PATHS_PER_BUCKET + 1)
    expect(paths.get('(not found)')).toBe(5000)
    expect(paths.get('(other)')).toBe(51)
    expect(paths.get('/page-0')).toBe(2)
  })

  it('counts client-side navigations as visits to their page', () => {
    const rollups = new Map<number, Rollup>()
    addToRollups(rollups, [entry(0, '/admin.data', 200, 1, 'v'), entry(1, '/admin', 200, 1, 'v'), entry(2, '/_root.data', 200, 1, 'v')])
    const merged = mergeRollups(
      [...rollups.values()].map((r) => rollupDocument('one', r)),
      10,
    )
    expect(merged.totalRequests).toBe(3)
    expect(merged.mostVisitedPages).toEqual([
      { url: '/admin', count: 2 },
      { url: '/', count: 1 },
    ])
  })

  it('count requests that were answered but not recorded apart from the recorded ones, across instances', () => {
    const one = new Map<number, Rollup>()
    addToRollups(one, [entry(0, '/a', 200, 10, 'v1')])
    expect(addNotRecorded(one, base + 5, 7)).toBe(base)
    addNotRecorded(one, base + ROLLUP_BUCKET_MS, 3)
    const two = new Map<number, Rollup>()
    addNotRecorded(two, base, 2)
    const merged = mergeRollups(
      [...one.values(), ...two.values()].map((r, i) => rollupDocument(String(i), r)),
      10,
    )
    expect(merged.totalRequests).toBe(1)
    expect(merged.notRecorded).toBe(12)
  })

  it('reports zeros when there is nothing', () => {
    expect(mergeRollups([], 10)).toEqual({
      totalRequests: 0,
      uniqueVisitors: 0,
      responseTimeAvg: 0,
      httpStatusCodes: {},
      mostVisitedPages: [],
      notRecorded: 0,
    })
  })
})

describe('the hourly traffic chart', () => {
  const HOUR = 60 * 60 * 1000

  it('gives 24 hours ending with the current one: requests, visitors, 4xx and 5xx per hour, across buckets and instances', () => {
    const now = base + 30 * 60 * 1000 // 12:30 UTC: the current hour is 12:00
    const current = new Map<number, Rollup>()
    addToRollups(current, [
      entry(0, '/a', 200, 1, 'v1'),
      entry(ROLLUP_BUCKET_MS, '/a', 404, 1, 'v1'),
      entry(2 * ROLLUP_BUCKET_MS, '/a', 503, 1, 'v2'),
    ])
    const earlier = new Map<number, Rollup>()
    addToRollups(earlier, [entry(-3 * HOUR, '/b', 200, 1, 'v3'), entry(-3 * HOUR + 5, '/b', 500, 1, 'v3')])
    const tooOld = new Map<number, Rollup>()
    addToRollups(tooOld, [entry(-24 * HOUR, '/c', 200, 1, 'v4')])
    const documents = [current, earlier, tooOld].flatMap((rollups, i) => [...rollups.values()].map((r) => rollupDocument(`i${i}`, r)))

    const hours = hourlyTraffic(documents, now)
    expect(hours).toHaveLength(24)
    expect(hours[0]?.hour).toBe('2025-12-31T13:00:00.000Z')
    expect(hours.at(-1)).toEqual({
      hour: '2026-01-01T12:00:00.000Z',
      requests: 3,
      uniqueVisitors: 2,
      clientErrors: 1,
      serverErrors: 1,
    })
    expect(hours.at(-4)).toEqual({ hour: '2026-01-01T09:00:00.000Z', requests: 2, uniqueVisitors: 1, clientErrors: 0, serverErrors: 1 })
    // The hour 24 hours back is outside the chart; quiet hours are zeros, not gaps.
    expect(hours.reduce((sum, hour) => sum + hour.requests, 0)).toBe(5)
    expect(hours[5]).toMatchObject({ requests: 0, uniqueVisitors: 0, clientErrors: 0, serverErrors: 0 })
  })
})
