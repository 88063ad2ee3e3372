import {
  addVisitor,
  emptySketch,
  estimateVisitors,
  mergeSketchInto,
  sketchFromBase64,
  sketchToBase64,
  type VisitorSketch,
} from './visitor-sketch'
import { CHART_HOURS, HOUR_MS, type HourlyTraffic } from '#app/domain/access-analytics'
import { pageOfDataPath } from '#app/domain/page-views'

// Pure bookkeeping for the access-log rollups (see models/access-log-rollup.server.ts).
export const ROLLUP_BUCKET_MS = 10 * 60 * 1000
/**
 * Distinct pages counted per bucket, in memory and stored: a scanner requesting thousands of random
 * URLs can't grow either. Every 404 counts under one key, and pages beyond the limit under another.
 */
export const PATHS_PER_BUCKET = 200
export const NOT_FOUND_PAGES = '(not found)'
export const OTHER_PAGES = '(other)'

export type RollupEntry = { timestamp: Date; path: string; status: number; responseTimeMs: number; visitorKey: string }

export type Rollup = {
  bucket: number
  requests: number
  totalTimeMs: number
  statuses: Map<number, number>
  paths: Map<string, number>
  visitors: VisitorSketch
  /** Requests answered but not written to the access log (its buffer was full); not in `requests`. */
  notRecorded: number
}

export function bucketOf(time: number) {
  return Math.floor(time / ROLLUP_BUCKET_MS) * ROLLUP_BUCKET_MS
}

/** The key a request is counted under in its bucket's pages (a client navigation's data request is its page). */
function pageKey(paths: Map<string, number>, entry: RollupEntry): string {
  if (entry.status === 404) return NOT_FOUND_PAGES
  const page = pageOfDataPath(entry.path)
  if (paths.has(page)) return page
  return paths.size < PATHS_PER_BUCKET ? page : OTHER_PAGES
}

function increment<K>(map: Map<K, number>, key: K, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by)
}

function rollupFor(rollups: Map<number, Rollup>, time: number): Rollup {
  const bucket = bucketOf(time)
  let rollup = rollups.get(bucket)
  if (!rollup) {
    rollup = { bucket, requests: 0, totalTimeMs: 0, statuses: new Map(), paths: new Map(), visitors: emptySketch(), notRecorded: 0 }
    rollups.set(bucket, rollup)
  }
  return rollup
}

/** Counts requests that were answered but could not be recorded; returns the bucket that changed. */
export function addNotRecorded(rollups: Map<number, Rollup>, time: number, count: number): number {
  const rollup = rollupFor(rollups, time)
  rollup.notRecorded += count
  return rollup.bucket
}

/** Adds entries to the rollups of their buckets; returns the buckets that changed. */
export function addToRollups(rollups: Map<number, Rollup>, entries: RollupEntry[]): Set<number> {
  const changed = new Set<number>()
  for (const entry of entries) {
    const rollup = rollupFor(rollups, entry.timestamp.getTime())
    const bucket = rollup.bucket
    rollup.requests++
    rollup.totalTimeMs += entry.responseTimeMs
    increment(rollup.statuses, entry.status)
    increment(rollup.paths, pageKey(rollup.paths, entry))
    addVisitor(rollup.visitors, entry.visitorKey)
    changed.add(bucket)
  }
  return changed
}

/**
 * The stored shape of one rollup. Counts travel as JSON text and the visitor sketch as base64:
 * single strings, which FerretDB reads far faster than arrays of sub-documents.
 */
export function rollupDocument(instanceId: string, rollup: Rollup, now = new Date()) {
  const topPaths = [...rollup.paths].sort((a, b) => b[1] - a[1]).slice(0, PATHS_PER_BUCKET)
  return {
    _id: `${instanceId}:${new Date(rollup.bucket).toISOString()}`,
    bucket: new Date(rollup.bucket),
    requests: rollup.requests,
    totalTimeMs: rollup.totalTimeMs,
    statuses: JSON.stringify([...rollup.statuses]),
    paths: JSON.stringify(topPaths),
    visitors: sketchToBase64(rollup.visitors),
    notRecorded: rollup.notRecorded,
    updatedAt: now,
  }
}

export type StoredRollup = ReturnType<typeof rollupDocument>

function parsePairs<K>(text: string): [K, number][] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? (value as [K, number][]) : []
  } catch {
    return []
  }
}

/** Merges stored rollups (any instances, any buckets) into SPEC §3's analytics. */
export function mergeRollups(
  documents: (Pick<StoredRollup, 'requests' | 'totalTimeMs' | 'statuses' | 'paths' | 'visitors'> & { notRecorded?: number | null })[],
  topPages: number,
) {
  let requests = 0
  let notRecorded = 0
  let totalTimeMs = 0
  const statuses = new Map<number, number>()
  const paths = new Map<string, number>()
  const visitors = emptySketch()
  for (const doc of documents) {
    requests += doc.requests
    totalTimeMs += doc.totalTimeMs
    notRecorded += doc.notRecorded ?? 0
    for (const [code, count] of parsePairs<number>(doc.statuses)) increment(statuses, code, count)
    for (const [path, count] of parsePairs<string>(doc.paths)) increment(paths, path, count)
    mergeSketchInto(visitors, sketchFromBase64(doc.visitors))
  }
  return {
    totalRequests: requests,
    uniqueVisitors: estimateVisitors(visitors),
    responseTimeAvg: requests ? totalTimeMs / requests : 0,
    httpStatusCodes: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0]).map(([code, count]) => [String(code), count])),
    mostVisitedPages: [...paths]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, topPages)
      .map(([url, count]) => ({ url, count })),
    notRecorded,
  }
}

/**
 * The chart's series: requests, unique visitors and error responses per hour for the current hour
 * and the 23 before it, from the same rollups (six 10-minute buckets an hour, any instances).
 * Eastern time is a whole number of hours from UTC, so UTC hours are Eastern hours too.
 */
export function hourlyTraffic(
  documents: Pick<StoredRollup, 'bucket' | 'requests' | 'statuses' | 'visitors'>[],
  now: number,
): HourlyTraffic[] {
  const firstHour = Math.floor(now / HOUR_MS) * HOUR_MS - (CHART_HOURS - 1) * HOUR_MS
  const hours = Array.from({ length: CHART_HOURS }, () => ({
    requests: 0,
    clientErrors: 0,
    serverErrors: 0,
    visitors: emptySketch(),
  }))
  for (const doc of documents) {
    const slot = hours[Math.floor((doc.bucket.getTime() - firstHour) / HOUR_MS)]
    if (!slot) continue
    slot.requests += doc.requests
    for (const [code, count] of parsePairs<number>(doc.statuses)) {
      if (code >= 400 && code < 500) slot.clientErrors += count
      else if (code >= 500 && code < 600) slot.serverErrors += count
    }
    mergeSketchInto(slot.visitors, sketchFromBase64(doc.visitors))
  }
  return hours.map((slot, i) => ({
    hour: new Date(firstHour + i * HOUR_MS).toISOString(),
    requests: slot.requests,
    uniqueVisitors: slot.requests ? estimateVisitors(slot.visitors) : 0,
    clientErrors: slot.clientErrors,
    serverErrors: slot.serverErrors,
  }))
}
