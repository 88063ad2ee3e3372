// npm run bench:logs: how the staff analytics and the CSV export scale with the access log.
// For each size (default 10^4, 10^5, 10^6; override with BENCH_SIZES=10000,100000) it fills a
// scratch database with that many entries spread over the last 24 hours, times the analytics
// queries and the raw-log query, and streams the whole CSV export in a fresh process while
// sampling that process's memory. The scratch database (bench_logs) is emptied at the end.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { getEnv } from '#app/config/env.server'
import { connectToDatabase, disconnectFromDatabase, ensureIndexes } from '#app/db/connection.server'
import { AccessLogEntry } from '#app/models/access-log.server'
import { AccessLogRollup } from '#app/models/access-log-rollup.server'
import { accessLogCsvStream, getAccessAnalytics, getRawAccessLog } from '#app/observability/access-analytics.server'
import { AccessLogRollupWriter } from '#app/observability/access-rollup.server'

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number)
const INSERT_BATCH = 10_000
const PATHS = ['/', '/checkout', '/checkout/2', '/news', '/privacy-policy', '/admin', '/api/plans', '/api/services', ...Array.from({ length: 42 }, (_, i) => `/news/article-${i}`)]
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 304, 404, 500, 201]

const scratchUri = getEnv().MONGODB_URI.replace(/\/[^/?]*(\?|$)/, (_match, query: string) => `/bench_logs${query}`)
await connectToDatabase(scratchUri.includes('/bench_logs') ? scratchUri : `${scratchUri.replace(/\/?$/, '/')}bench_logs`)
// Collections are dropped, not the database: dropping a database under FerretDB 1.24's SQLite
// backend left its -wal/-shm files behind and the next run hung; and deleteMany of ~10^5
// documents fails there ('too many SQL variables').
async function emptyScratch() {
  for (const model of [AccessLogEntry, AccessLogRollup]) await model.collection.drop().catch(() => undefined)
  await ensureIndexes()
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

// One writer, as one server instance would keep while logging the same traffic.
const rollups = new AccessLogRollupWriter('bench')

async function fillTo(target: number) {
  const collection = AccessLogEntry.collection
  let count = await collection.estimatedDocumentCount()
  const started = performance.now()
  const now = Date.now()
  while (count < target) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, target - count) }, (_, i) => {
      const n = count + i
      return {
        timestamp: new Date(now - ((n * 7919) % 86_000_000)),
        method: n % 10 === 0 ? 'POST' : 'GET',
        path: PATHS[n % PATHS.length]!,
        status: STATUSES[n % STATUSES.length]!,
        responseTimeMs: Math.round(((n * 37) % 2000) / 7) / 10,
        visitorKey: `visitor-${n % Math.max(100, Math.floor(target / 20))}`,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
        referrer: n % 3 === 0 ? 'https://www.google.com/' : undefined,
      }
    })
    await collection.insertMany(batch, { ordered: false })
    rollups.record(batch)
    count += batch.length
  }
  await rollups.save()
  return (performance.now() - started) / 1000
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now()
  const result = await work()
  return { ms: performance.now() - started, result }
}

async function exportCsv() {
  global.gc?.()
  const baseline = process.memoryUsage().rss
  let peakRss = baseline
  let peakHeap = 0
  const sampler = setInterval(() => {
    const usage = process.memoryUsage()
    peakRss = Math.max(peakRss, usage.rss)
    peakHeap = Math.max(peakHeap, usage.heapUsed)
  }, 10)
  const started = performance.now()
  let bytes = 0
  let rows = 0
  const reader = accessLogCsvStream().getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    // Count rows on the bytes, as a socket would take them, without making strings of our own.
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) rows++
  }
  clearInterval(sampler)
  return { seconds: (performance.now() - started) / 1000, bytes, rows: rows - 1, baselineRss: baseline, peakRss, peakHeap }
}

// The export is measured in a fresh process (like a server answering the download), so the
// memory left behind by filling the database doesn't count as the export's.
function exportInChild(): Promise<Awaited<ReturnType<typeof exportCsv>>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--export-only'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').pop()!)) : reject(new Error(`export child exited with ${code}`))))
  })
}

if (process.argv.includes('--export-only')) {
  console.log(JSON.stringify(await exportCsv()))
  await disconnectFromDatabase()
  process.exit(0)
}

await emptyScratch()
console.log(`access-log benchmark on ${scratchUri.replace(/\/\/[^@]*@/, '//')} — Node ${process.version}`)
for (const size of sizes) {
  const insertSeconds = await fillTo(size)
  const runs = []
  for (let i = 0; i < 3; i++) runs.push(await timed(() => getAccessAnalytics()))
  const analyticsMs = runs.map((run) => run.ms).sort((a, b) => a - b)
  const analytics = runs[0]!.result
  const raw = await timed(() => getRawAccessLog())
  const csv = await exportInChild()
  console.log(
    [
      `\n${size.toLocaleString('en-US')} entries (filled in ${insertSeconds.toFixed(1)} s)`,
      `  analytics: median ${analyticsMs[1]!.toFixed(0)} ms (min ${analyticsMs[0]!.toFixed(0)}, max ${analyticsMs[2]!.toFixed(0)}) — ${analytics.totalRequests} requests, ${analytics.uniqueVisitors} visitors`,
      `  raw log (latest 1,000): ${raw.ms.toFixed(0)} ms`,
      `  CSV export: ${csv.rows.toLocaleString('en-US')} rows, ${mb(csv.bytes)} MB in ${csv.seconds.toFixed(1)} s; process RSS ${mb(csv.baselineRss)} → peak ${mb(csv.peakRss)} MB (heap peak ${mb(csv.peakHeap)} MB)`,
    ].join('\n'),
  )
}

await emptyScratch()
await disconnectFromDatabase()
