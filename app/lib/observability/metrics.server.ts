import cluster from 'node:cluster'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import type { mongo } from 'mongoose'
import { type Aggregator, AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { BUILD_INFO } from '#app/lib/build-info.server'
import { pingDatabase } from '#app/lib/db/connection.server'
import { log } from './logger.server'
import { labelRoute } from './request-scope.server'

// Prometheus metrics (prom-client), served at GET /metrics to a scraper holding METRICS_TOKEN.
// Requests are labelled by route pattern (`/news/:slug`) or a fixed label, never by raw path, so
// the number of series stays bounded whatever paths visitors send.
//
// Under the cluster each worker keeps its own registry, and a scrape is answered for the whole
// instance: the worker that takes it asks the primary, which gathers every worker's registry with
// prom-client's AggregatorRegistry (docs/decisions/008-cluster-metrics.md). Series are summed across
// workers unless a metric names another `aggregator`; process and Node.js metrics carry a `worker`
// label instead, so each worker's stay apart.

/**
 * Reads the outbox's messages by channel and state at scrape time, every pair present (zeros
 * included); undefined while the database is away. The outbox lives above this module, so start-up
 * hands it in (countOutboxOnScrape).
 */
export type OutboxCounts = () => Promise<{ channel: string; state: string; count: number }[] | undefined>

/** Labels for requests React Router didn't answer. */
export const ROUTE_LABELS = { static: '(static)', other: '(other)' } as const

function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, labels: cluster.isWorker ? { worker: String(process.pid) } : {} })
  if (cluster.isWorker) {
    // prom-client leaves the start time out of an aggregate; with the worker label there is one per worker.
    const startTime = registry.getSingleMetric('process_start_time_seconds') as unknown as { aggregator: Aggregator } | undefined
    if (startTime) startTime.aggregator = 'first'
    // Answers the primary's requests for this worker's registry.
    new AggregatorRegistry()
    AggregatorRegistry.setRegistries([registry])
  }
  const registers = [registry]
  new Gauge({
    name: 'app_build_info',
    help: 'The running build: its version (package.json) and the commit it was built from; always 1',
    labelNames: ['version', 'commit'] as const,
    aggregator: 'first',
    registers,
  }).set(BUILD_INFO, 1)
  const scrapeSources: { outboxCounts?: OutboxCounts } = {}
  // One ping per scrape, shared by the two gauges below (prom-client collects them concurrently).
  let ping: Promise<number | null> | undefined
  const pingOnce = () =>
    (ping ??= (async () => {
      const started = performance.now()
      try {
        await pingDatabase(1000)
        return (performance.now() - started) / 1000
      } catch {
        return null
      } finally {
        setImmediate(() => (ping = undefined))
      }
    })())
  return {
    registry,
    scrapeSources,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status; its _count is the request count',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    outboxDeliveries: new Counter({
      name: 'outbox_deliveries_total',
      help: 'Staff notification delivery attempts by channel and outcome (sent, retry, failed, held)',
      labelNames: ['channel', 'outcome'] as const,
      registers,
    }),
    outboxMessages: new Gauge({
      name: 'outbox_messages',
      help: 'Staff notifications in the outbox by channel and state (read from the database at scrape time)',
      labelNames: ['channel', 'state'] as const,
      aggregator: 'max',
      registers,
      async collect() {
        const counts = await scrapeSources.outboxCounts?.()
        if (!counts) return // database away: mongodb_up says so
        for (const { channel, state, count } of counts) this.set({ channel, state }, count)
      },
    }),
    accessLogDropped: new Counter({
      name: 'access_log_entries_dropped_total',
      help: 'Access-log entries dropped because the buffer was full (database away or slower than the traffic)',
      registers,
    }),
    accessLogPending: new Gauge({
      name: 'access_log_entries_pending',
      help: 'Requests answered but not yet in the database (entries or the staff figures)',
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by rule',
      labelNames: ['rule'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: 'background_job_runs_total',
      help: 'Background job runs in this instance by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: 'background_job_last_success_timestamp_seconds',
      help: 'When a run of the job last succeeded in this instance (Unix time)',
      labelNames: ['job'] as const,
      aggregator: 'max',
      registers,
    }),
    databasePool: new Gauge({
      name: 'mongodb_pool_connections',
      help: 'Connections of the MongoDB driver pool: open, in_use, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
    }),
    databaseCheckoutFailures: new Counter({
      name: 'mongodb_pool_checkout_failures_total',
      help: 'Requests for a pool connection that failed (timeout, pool cleared or closed)',
      registers,
    }),
    databaseUp: new Gauge({
      name: 'mongodb_up',
      help: '1 when the database answered a ping at scrape time, else 0',
      aggregator: 'min',
      registers,
      async collect() {
        this.set((await pingOnce()) === null ? 0 : 1)
      },
    }),
    databaseRoundTrip: new Gauge({
      name: 'mongodb_ping_round_trip_seconds',
      help: 'Round-trip time of a ping to the database at scrape time (absent while it does not answer)',
      aggregator: 'max',
      registers,
      async collect() {
        const seconds = await pingOnce()
        if (seconds === null) this.reset()
        else this.set(seconds)
      },
    }),
  }
}

export const metrics = createMetrics()

export function countOutboxOnScrape(outboxCounts: OutboxCounts) {
  metrics.scrapeSources.outboxCounts = outboxCounts
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export function recordRequest({ route, method, status, seconds }: { route: string; method: string; status: number; seconds: number }) {
  metrics.httpRequestDuration.observe({ route, method: KNOWN_METHODS.has(method) ? method : 'OTHER', status: String(status) }, seconds)
}

/** Follows the MongoDB driver's pool events (CMAP); the driver emits them without extra options. */
export function watchDatabasePool(client: mongo.MongoClient) {
  let open = 0
  let inUse = 0
  let waiting = 0
  const publish = () => {
    metrics.databasePool.set({ state: 'open' }, open)
    metrics.databasePool.set({ state: 'in_use' }, inUse)
    metrics.databasePool.set({ state: 'waiting' }, waiting)
  }
  client.on('connectionCreated', () => (open++, publish()))
  client.on('connectionClosed', () => (open--, publish()))
  client.on('connectionCheckOutStarted', () => (waiting++, publish()))
  client.on('connectionCheckedOut', () => (waiting--, inUse++, publish()))
  client.on('connectionCheckOutFailed', () => (waiting--, metrics.databaseCheckoutFailures.inc(), publish()))
  client.on('connectionCheckedIn', () => (inUse--, publish()))
  publish()
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant
 * time). Without METRICS_TOKEN the path is like any unknown one: the site's 404.
 */
export function metricsEndpoint(token: string | undefined) {
  const expected = token ? digest(token) : undefined
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return next()
    labelRoute('/metrics')
    res.set('Cache-Control', 'no-store')
    const given = /^Bearer +(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? ''
    if (!timingSafeEqual(digest(given), expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('A valid metrics token is required.\n')
      return
    }
    let text: string
    try {
      text = cluster.isWorker ? await wholeInstanceMetrics() : await metrics.registry.metrics()
    } catch (error) {
      log.warn({ err: error }, 'metrics: could not gather every worker')
      res.status(503).type('text/plain').send('The metrics of every worker could not be gathered; try again.\n')
      return
    }
    res.type(metrics.registry.contentType).send(text)
  }
}

// Under the cluster a worker asks the primary for the whole instance's metrics over the IPC channel.
const SCRAPE_REQUEST = 'metrics:scrape'
const SCRAPE_ANSWER = 'metrics:scraped'
// The primary gives up on a silent worker after 5 s (prom-client's limit); this one covers the primary.
const SCRAPE_TIMEOUT_MS = 8000

type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: number; text?: string; error?: string }
const pendingScrapes = new Map<number, (answer: ScrapeAnswer) => void>()
let nextScrapeId = 0
let listening = false

function wholeInstanceMetrics(): Promise<string> {
  if (!listening) {
    listening = true
    process.on('message', (message: Partial<ScrapeAnswer>) => {
      if (message?.type === SCRAPE_ANSWER && typeof message.id === 'number') pendingScrapes.get(message.id)?.(message as ScrapeAnswer)
    })
  }
  const id = nextScrapeId++
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(
      () => settle({ type: SCRAPE_ANSWER, id, error: 'the cluster primary did not answer in time' }),
      SCRAPE_TIMEOUT_MS,
    )
    function settle(answer: ScrapeAnswer) {
      clearTimeout(timeout)
      pendingScrapes.delete(id)
      if (typeof answer.text === 'string') resolve(answer.text)
      else reject(new Error(answer.error ?? 'no metrics in the answer'))
    }
    pendingScrapes.set(id, settle)
    process.send!({ type: SCRAPE_REQUEST, id }, undefined, {}, (error) => {
      if (error) settle({ type: SCRAPE_ANSWER, id, error: error.message })
    })
  })
}

/**
 * Run by the cluster's primary: answers a worker's scrape with every worker's metrics, aggregated
 * by prom-client (each worker answers through the listener its registry set up).
 */
export function answerScrapesFromWorkers() {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== SCRAPE_REQUEST || typeof message.id !== 'number') return
    const id = message.id
    aggregator.clusterMetrics().then(
      (text) => reply({ type: SCRAPE_ANSWER, id, text }),
      (error: Error) => reply({ type: SCRAPE_ANSWER, id, error: error.message }),
    )
    function reply(answer: ScrapeAnswer) {
      if (worker.isConnected()) worker.send(answer)
    }
  })
}
