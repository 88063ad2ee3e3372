// The production entry: one server process (server.ts, bundled as build/server.js) per core with
// node:cluster, so both cores of a small machine serve pages. The primary only starts, replaces
// and stops workers; it serves nothing and touches no database. Every worker is a whole server
// (its own page cache, database connection and background jobs, which run once across all
// instances through the database), exactly as a second container would be.
import cluster, { type Worker } from 'node:cluster'
import { fileURLToPath } from 'node:url'
import { getEnv, InvalidEnvironmentError } from '#app/config/env.server'
import { sessionSecrets } from '#app/session/secrets.server'

// A worker that keeps dying is restarted after a pause that doubles (1 s, 2 s, 4 s … 30 s); one
// that ran this long before it died is restarted at once.
const HEALTHY_AFTER_MS = 10_000
const MAX_RESTART_DELAY_MS = 30_000
// A worker finishes its requests and stops within 10 s of SIGTERM (server.ts); past this it is killed.
const STOP_TIMEOUT_MS = 20_000

function readEnv() {
  try {
    return getEnv()
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

const env = readEnv()
const workerCount = env.WEB_CONCURRENCY

cluster.setupPrimary({ exec: fileURLToPath(new URL('./server.js', import.meta.url)) })

// Cookies signed by one worker must be read by the others: without SESSION_SECRET, the secret made
// for this start is handed to every worker.
const workerEnv = env.SESSION_SECRET ? {} : { SESSION_SECRET: sessionSecrets()[0] }

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
  console.error(
    `[cluster] worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}) after ${Math.round(lived / 1000)} s; ` +
      `starting another${restartDelayMs ? ` in ${restartDelayMs / 1000} s` : ''}`,
  )
  setTimeout(() => {
    if (!stopping) fork()
  }, restartDelayMs)
}

async function stop(signal: string) {
  if (stopping) return
  stopping = true
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined)
  console.log(`[cluster] ${signal} received: stopping ${workers.length} worker(s)`)
  const exited = workers.map(
    (worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))),
  )
  // Each worker runs its own shutdown: it stops taking requests, finishes those in flight, then its jobs.
  for (const worker of workers) worker.process.kill('SIGTERM')
  const timeout = setTimeout(() => {
    console.error(`[cluster] workers still running after ${STOP_TIMEOUT_MS / 1000} s: killing them`)
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL')
  }, STOP_TIMEOUT_MS)
  await Promise.all(exited)
  clearTimeout(timeout)
  console.log('[cluster] all workers stopped')
  process.exit(0)
}

process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

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
console.log(`[cluster] ${workerCount} worker(s) serving (WEB_CONCURRENCY=${workerCount})`)
