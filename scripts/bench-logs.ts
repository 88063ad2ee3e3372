// npm run bench:logs: how the staff analytics and the CSV export scale with the access log.
// For each size (default 10^4, 10^5, 10^6; override with BENCH_SIZES=10000,100000) it fills a
// scratch database with that many entries spread over the last 24 hours and times the analytics
// and raw-log queries in this process. Then it starts the production server (server.ts,
// as `npm start` and the Docker image run it, with no heap flags) on the scratch database, signs
// in as staff over HTTP, times the same two answers through their API, and downloads the whole CSV
// export from /api/admin/logs/download as a browser would (compressed), while sampling the
// server process's memory from /proc/<pid>/status. The scratch database (bench_logs) is emptied
// at the end.
//
//   npm run bench:logs                  builds first, then measures
//   npm run bench:logs -- --no-build    reuses the existing build/
//   BENCH_SERVER_NODE_ARGS='--max-old-space-size=96' npm run bench:logs    a server with Node flags, to compare
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { getEnv } from '#app/lib/config/env.server'
import { connectToDatabase, disconnectFromDatabase, ensureIndexes } from '#app/lib/db/connection.server'
import { accessLogBatch } from '#app/analytics/access-log-batch'
import { AccessLogBatch } from '#app/analytics/access-log-model.server'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { getAccessAnalytics, getRawAccessLog } from '#app/analytics/access-analytics.server'
import { AccessLogRollupWriter } from '#app/analytics/access-rollup.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { signInOverHttp } from '#tests/support/staff-session'

const projectRoot = path.resolve(import.meta.dirname, '..')
const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number)
const INSERT_BATCH = 10_000
const SAMPLE_EVERY_MS = 10
const PATHS = [
  '/',
  '/checkout',
  '/checkout/2',
  '/news',
  '/privacy-policy',
  '/admin',
  '/api/plans',
  '/api/services',
  ...Array.from({ length: 42 }, (_, i) => `/news/article-${i}`),
]
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 304, 404, 500, 201]
// What Chromium sends when staff open the export in a new tab.
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

if (!process.argv.includes('--no-build')) {
  console.log('building (npm run build)…')
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr)
    process.exit(build.status ?? 1)
  }
}
if (!existsSync(path.join(projectRoot, 'build/server/index.js')))
  throw new Error('build/server/index.js is missing: run without --no-build')

const scratchUri = getEnv().MONGODB_URI.replace(/\/[^/?]*(\?|$)/, (_match, query: string) => `/bench_logs${query}`)
const benchUri = scratchUri.includes('/bench_logs') ? scratchUri : `${scratchUri.replace(/\/?$/, '/')}bench_logs`
await connectToDatabase(benchUri)
// Collections are dropped, not the database: dropping a database under FerretDB 1.24's SQLite
// backend left its -wal/-shm files behind and the next run hung; and deleteMany of ~10^5
// documents fails there ('too many SQL variables').
async function emptyScratch() {
  for (const model of [AccessLogBatch, AccessLogRollup]) await model.collection.drop().catch(() => undefined)
  filled = 0
  await ensureIndexes()
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

// One writer, as one server instance would keep while logging the same traffic.
const rollups = new AccessLogRollupWriter('bench')

/** Requests in the scratch access log. */
let filled = 0
// The server writes a batch document every 500 requests under load.
const ROWS_PER_BATCH = 500

async function fillTo(target: number) {
  let count = filled
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
    const documents = []
    for (let i = 0; i < batch.length; i += ROWS_PER_BATCH) documents.push(accessLogBatch(batch.slice(i, i + ROWS_PER_BATCH)))
    await AccessLogBatch.collection.insertMany(documents, { ordered: false })
    rollups.record(batch)
    count += batch.length
  }
  filled = count
  await rollups.save()
  return (performance.now() - started) / 1000
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now()
  const result = await work()
  return { ms: performance.now() - started, result }
}

/** Three runs; the median and the spread in ms. */
async function threeRuns(work: () => Promise<unknown>) {
  const runs: number[] = []
  for (let i = 0; i < 3; i++) runs.push((await timed(work)).ms)
  return { median: median(runs), min: Math.min(...runs), max: Math.max(...runs) }
}

/** VmRSS and VmHWM (peak RSS since start or since the last reset) of a process, in bytes. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
}

/** Writing 5 to clear_refs resets VmHWM to the current RSS (Linux), so the peak is the download's own. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

function decoderFor(encoding: string | undefined) {
  if (encoding === 'gzip') return zlib.createGunzip()
  if (encoding === 'deflate') return zlib.createInflate()
  if (encoding === 'br') return zlib.createBrotliDecompress()
  if (!encoding || encoding === 'identity') return null
  throw new Error(`unexpected Content-Encoding ${encoding}`)
}

/** GET with node:http so both the bytes on the wire and the decoded CSV can be counted. */
function download(url: string, cookie: string) {
  const started = performance.now()
  return new Promise<{
    status: number
    encoding: string
    wireBytes: number
    bytes: number
    rows: number
    firstRowSeconds: number
    seconds: number
  }>((resolve, reject) => {
    const request = http.get(url, { headers: { Cookie: cookie, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      let wireBytes = 0
      let bytes = 0
      let newlines = 0
      let firstRowSeconds = NaN
      response.on('data', (chunk: Buffer) => (wireBytes += chunk.byteLength))
      const counter = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength
          // The header row comes at once; the first entry only when the database has answered.
          if (Number.isNaN(firstRowSeconds) && newlines >= 1) firstRowSeconds = (performance.now() - started) / 1000
          // Count rows on the bytes without making strings (no cell of the bench data holds a newline).
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++
          done()
        },
      })
      const encoding = response.headers['content-encoding']
      const decoder = decoderFor(encoding)
      const finished = decoder ? pipeline(response, decoder, counter) : pipeline(response, counter)
      finished
        .then(() => {
          const seconds = (performance.now() - started) / 1000
          resolve({
            status: response.statusCode ?? 0,
            encoding: encoding ?? 'identity',
            wireBytes,
            bytes,
            rows: newlines - 1,
            firstRowSeconds,
            seconds,
          })
        })
        .catch(reject)
    })
    request.on('error', reject)
  })
}

async function exportThroughServer(server: AppServer, cookie: string) {
  // Let start-up and sign-in garbage settle, then take the baseline and restart the peak from it.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const baseline = memoryOf(server.pid)
  resetPeak(server.pid)
  let sampledPeak = baseline.rss
  let samples = 0
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(server.pid).rss)
    samples++
  }, SAMPLE_EVERY_MS)
  const result = await download(`${server.url}/api/admin/logs/download`, cookie)
  clearInterval(sampler)
  const after = memoryOf(server.pid)
  if (result.status !== 200) throw new Error(`the export answered ${result.status}`)
  // VmHWM is the kernel's count, but it is brought up to date lazily, so a sample can pass it: take both.
  return {
    ...result,
    baselineRss: baseline.rss,
    startHwm: baseline.hwm,
    hwm: after.hwm,
    peakRss: Math.max(after.hwm, sampledPeak),
    sampledPeak,
    samples,
    endRss: after.rss,
  }
}

/** The server's command line and heap flags, so the figures can't hide a capped heap. */
function describeServer(pid: number) {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
  const nodeOptions = env.find((entry) => entry.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) || '(unset)'
  const shown = argv.map((arg) => (arg.startsWith(`${projectRoot}/`) ? path.relative(projectRoot, arg) : arg))
  return `${shown.join(' ')} (in ${path.relative(projectRoot, readlinkSync(`/proc/${pid}/cwd`)) || 'the project'}); NODE_OPTIONS ${nodeOptions}`
}

const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
const staff = { username: 'bench-staff', password: randomBytes(18).toString('base64url') }
const serverEnv = {
  ADMIN_USERNAME: staff.username,
  ADMIN_PASSWORD: staff.password,
  SESSION_SECRET: randomBytes(36).toString('base64url'),
  // The figures are about the server as deployed: no heap flags from this shell.
  NODE_OPTIONS: '',
}

await emptyScratch()
console.log(`access-log benchmark on ${benchUri.replace(/\/\/[^@]*@/, '//')} — Node ${process.version}, ${process.arch}`)
const table: string[] = []
for (const size of sizes) {
  const insertSeconds = await fillTo(size)
  const analytics = await threeRuns(() => getAccessAnalytics())
  const { totalRequests, uniqueVisitors } = await getAccessAnalytics()
  const raw = await timed(() => getRawAccessLog())

  const server = await startAppServer({ mongodbUri: benchUri, env: serverEnv, nodeArgs: serverNodeArgs })
  try {
    const cookie = await signInOverHttp(server.url, staff)
    const apiGet = (route: string) => async () => {
      const response = await fetch(`${server.url}${route}`, { headers: { Cookie: cookie } })
      if (!response.ok) throw new Error(`${route} answered ${response.status}`)
      await response.arrayBuffer()
    }
    const analyticsHttp = await threeRuns(apiGet('/api/admin/logs/analytics'))
    const rawHttp = await threeRuns(apiGet('/api/admin/logs'))
    const csv = await exportThroughServer(server, cookie)
    const rowsPerSecond = csv.rows / csv.seconds
    console.log(
      [
        `\n${size.toLocaleString('en-US')} entries (filled in ${insertSeconds.toFixed(1)} s) — ${totalRequests} requests, ${uniqueVisitors} visitors in the analytics`,
        `  analytics: in process median ${analytics.median.toFixed(0)} ms (${analytics.min.toFixed(0)}–${analytics.max.toFixed(0)}); over HTTP median ${analyticsHttp.median.toFixed(0)} ms (${analyticsHttp.min.toFixed(0)}–${analyticsHttp.max.toFixed(0)})`,
        `  raw log (latest 1,000): in process ${raw.ms.toFixed(0)} ms; over HTTP median ${rawHttp.median.toFixed(0)} ms`,
        `  CSV export over HTTP: ${csv.rows.toLocaleString('en-US')} rows, ${mb(csv.bytes)} MB (${mb(csv.wireBytes)} MB ${csv.encoding} on the wire) in ${csv.seconds.toFixed(1)} s (first entry after ${csv.firstRowSeconds.toFixed(1)} s), ${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s`,
        `  server RSS: baseline ${mb(csv.baselineRss)} MB → peak ${mb(csv.peakRss)} MB (VmHWM ${mb(csv.hwm)} MB, highest of ${csv.samples} samples ${mb(csv.sampledPeak)} MB; ${mb(csv.endRss)} MB after; start-up peak ${mb(csv.startHwm)} MB)`,
        `  server: ${describeServer(server.pid)}`,
      ].join('\n'),
    )
    if (csv.rows < size) throw new Error(`the export had ${csv.rows} rows, fewer than the ${size} entries`)
    table.push(
      `| ${size.toLocaleString('en-US')} | ${analytics.median.toFixed(0)} ms / ${analyticsHttp.median.toFixed(0)} ms | ${raw.ms.toFixed(0)} ms / ${rawHttp.median.toFixed(0)} ms | ${mb(csv.bytes)} MB in ${csv.seconds.toFixed(1)} s (${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s) | ${mb(csv.baselineRss)} → ${mb(csv.peakRss)} MB |`,
    )
  } catch (error) {
    console.error(`\nthe server said:\n${server.output().slice(-4000)}`)
    throw error
  } finally {
    await server.stop()
  }
}
console.log(
  '\n| Entries in 24 h | Analytics median (in process / HTTP) | Raw logs (in process / HTTP) | CSV export | Server RSS (baseline → peak) |',
)
console.log('| --- | --- | --- | --- | --- |')
for (const row of table) console.log(row)

await emptyScratch()
await disconnectFromDatabase()
