// The production entry: one server process (server.ts) per core with node:cluster, so both cores of a small machine serve pages. The primary only starts, replaces
// and stops workers, and gathers every worker's metrics when one of them is scraped; it listens on
// no port and touches no database. Every worker is a whole server
// (its own page cache, database connection and background jobs, which run once across all
// instances through the database), exactly as a second container would be.
import cluster, { type Worker } from 'node:cluster'
import { fileURLToPath } from 'node:url'
import type { clusterSettings as settingsOf } from '#app/server/app.server'

// The built app (app/server/app.server.ts); loading it starts nothing.
const BUILD_PATH = './build/server/index.js'
const { clusterSettings } = (await import(BUILD_PATH)) as { clusterSettings: typeof settingsOf }

// A worker that keeps dying is restarted after a pause that doubles (1 s, 2 s, 4 s … 30 s); one
// that ran this long before it died is restarted at once.
const HEALTHY_AFTER_MS = 10_000
const MAX_RESTART_DELAY_MS = 30_000
// A worker's own shutdown (server/shutdown.server.ts) takes at most the drain, 10 s for requests in
// flight and 25 s for its finishing steps; a worker still running a little after that is killed.
const WORKER_SHUTDOWN_LIMIT_MS = 10_000 + 25_000 + 5_000

const { workerCount, drainMs, workerEnv, log, answerScrapesFromWorkers } = clusterSettings()
const stopTimeoutMs = drainMs + WORKER_SHUTDOWN_LIMIT_MS
// A scrape of /metrics, whichever worker takes it, is answered for every worker.
answerScrapesFromWorkers()

cluster.setupPrimary({ exec: fileURLToPath(new URL('./server.ts', import.meta.url)) })

let stopping = false
let restartDelayMs = 0
const startedAt = new Map<Worker, number>()

function fork() {
  const worker = cluster.fork(workerEnv)
  startedAt.set(worker, Date.now())
  return worker
}

function onWorkerExit(worker: Worker, code: number | null, signal: string | null) {
  const lived = Date.now() - (startedAt.get(worker) ?? Date.now())
  startedAt.delete(worker)
  if (stopping) return
  restartDelayMs = lived >= HEALTHY_AFTER_MS ? 0 : Math.min(MAX_RESTART_DELAY_MS, Math.max(1000, restartDelayMs * 2))
  log.error(
    { worker: worker.process.pid, code, signal, livedMs: lived, restartInMs: restartDelayMs },
    `cluster: worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`,
  )
  setTimeout(() => {
    if (!stopping) fork()
  }, restartDelayMs)
}

async function stop(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined)
  log.info({ signal, workers: workers.length }, 'cluster: stopping every worker')
  const exited = workers.map(
    (worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))),
  )
  // Each worker runs its own shutdown with the same signal: on SIGTERM /readyz turns 503 and it keeps
  // serving for SHUTDOWN_DRAIN_MS, then finishes its requests and work; SIGINT (Ctrl-C) skips the drain.
  for (const worker of workers) worker.process.kill(signal)
  const timeout = setTimeout(() => {
    log.error({ afterMs: stopTimeoutMs }, 'cluster: workers still running: killing them')
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL')
  }, stopTimeoutMs)
  await Promise.all(exited)
  clearTimeout(timeout)
  log.info('cluster: all workers stopped')
  process.exit(0)
}

process.on('SIGTERM', (signal) => void stop(signal))
process.on('SIGINT', (signal) => void stop(signal))

// The first worker prepares the database (indexes, seed, staff account) alone; the others start
// once it listens, so they never race each other through those steps. If it cannot start (bad
// database address, port taken), neither can the others: the primary stops with its exit code.
const first = fork()
const firstStarted = await new Promise<boolean>((resolve) => {
  const onExit = (code: number | null) => {
    if (!stopping) process.exitCode = code ?? 1
    resolve(false)
  }
  first.once('exit', onExit)
  first.once('listening', () => {
    first.off('exit', onExit)
    resolve(true)
  })
})
if (!firstStarted) process.exit()
cluster.on('exit', onWorkerExit)
const others = Array.from({ length: workerCount - 1 }, () => fork())
await Promise.all(others.map((worker) => new Promise((resolve) => worker.once('listening', resolve).once('exit', resolve))))
log.info({ workers: workerCount }, `cluster: ${workerCount} worker(s) serving`)
