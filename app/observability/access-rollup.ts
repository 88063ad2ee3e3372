// Pure bookkeeping for the access-log rollups (see models/access-log-rollup.server.ts).
export const ROLLUP_BUCKET_MS = 10 * 60 * 1000

export type RollupEntry = { timestamp: Date; path: string; status: number; responseTimeMs: number; visitorKey: string }

export type Rollup = {
  bucket: number
  requests: number
  totalTimeMs: number
  statuses: Map<number, number>
  paths: Map<string, number>
  visitors: Set<string>
}

export function bucketOf(time: number) {
  return Math.floor(time / ROLLUP_BUCKET_MS) * ROLLUP_BUCKET_MS
}

function increment<K>(map: Map<K, number>, key: K, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by)
}

/** Adds entries to the rollups of their buckets; returns the buckets that changed. */
export function addToRollups(rollups: Map<number, Rollup>, entries: RollupEntry[]): Set<number> {
  const changed = new Set<number>()
  for (const entry of entries) {
    const bucket = bucketOf(entry.timestamp.getTime())
    let rollup = rollups.get(bucket)
    if (!rollup) {
      rollup = { bucket, requests: 0, totalTimeMs: 0, statuses: new Map(), paths: new Map(), visitors: new Set() }
      rollups.set(bucket, rollup)
    }
    rollup.requests++
    rollup.totalTimeMs += entry.responseTimeMs
    increment(rollup.statuses, entry.status)
    increment(rollup.paths, entry.path)
    rollup.visitors.add(entry.visitorKey)
    changed.add(bucket)
  }
  return changed
}

/** The stored shape of one rollup. */
export function rollupDocument(instanceId: string, rollup: Rollup, now = new Date()) {
  return {
    _id: `${instanceId}:${new Date(rollup.bucket).toISOString()}`,
    bucket: new Date(rollup.bucket),
    requests: rollup.requests,
    totalTimeMs: rollup.totalTimeMs,
    statuses: [...rollup.statuses].map(([code, count]) => ({ code, count })),
    paths: [...rollup.paths].map(([path, count]) => ({ path, count })),
    visitors: [...rollup.visitors],
    updatedAt: now,
  }
}

export type StoredRollup = ReturnType<typeof rollupDocument>

/** Merges stored rollups (any instances, any buckets) into SPEC §3's analytics. */
export function mergeRollups(documents: Pick<StoredRollup, 'requests' | 'totalTimeMs' | 'statuses' | 'paths' | 'visitors'>[], topPages: number) {
  let requests = 0
  let totalTimeMs = 0
  const statuses = new Map<number, number>()
  const paths = new Map<string, number>()
  const visitors = new Set<string>()
  for (const doc of documents) {
    requests += doc.requests
    totalTimeMs += doc.totalTimeMs
    for (const { code, count } of doc.statuses) increment(statuses, code, count)
    for (const { path, count } of doc.paths) increment(paths, path, count)
    for (const visitor of doc.visitors) visitors.add(visitor)
  }
  return {
    totalRequests: requests,
    uniqueVisitors: visitors.size,
    responseTimeAvg: requests ? totalTimeMs / requests : 0,
    httpStatusCodes: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0]).map(([code, count]) => [String(code), count])),
    mostVisitedPages: [...paths]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, topPages)
      .map(([url, count]) => ({ url, count })),
  }
}
