import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { version } from '../../package.json'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { waitFor } from '#tests/support/receivers'

// /metrics under the production cluster: whichever worker takes a scrape, it answers for the whole
// instance (every worker's registry, aggregated by the primary).

const mongodbUri = setupTestDatabase('cluster_metrics')
const TOKEN = 'metrics-token-for-the-cluster-test-0123456789'

type Sample = { name: string; labels: Record<string, string>; value: number }

/** Prometheus' text format: one sample per line; `# TYPE` lines give each family's type. */
function parseMetrics(text: string) {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line)
    if (type) types.set(type[1]!, type[2]!)
    if (!line || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`not a sample: ${line}`)
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]))
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return { types, samples }
}

/** Counters and histograms: the series that may only grow while every worker lives. */
function growingSeries(text: string) {
  const { types, samples } = parseMetrics(text)
  const series = new Map<string, number>()
  for (const sample of samples) {
    const family = types.has(sample.name) ? sample.name : sample.name.replace(/_(bucket|count|sum)$/, '')
    const type = types.get(family)
    if (type === 'counter' || type === 'histogram') series.set(`${sample.name}${JSON.stringify(sample.labels)}`, sample.value)
  }
  return series
}

/** A GET on a connection of its own (the cluster hands connections to its workers in turn), or the agent's. */
function get(url: string, headers: http.OutgoingHttpHeaders = {}, agent: http.Agent | false = false) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body }))
      })
      .on('error', reject)
  })
}

describe('GET /metrics under the cluster', () => {
  let cluster: AppServer
  const scrape = async () => {
    const { status, body } = await get(`${cluster.url}/metrics`, { Authorization: `Bearer ${TOKEN}` })
    expect(status).toBe(200)
    return body
  }
  const plansCount = (text: string) =>
    parseMetrics(text).samples.find(
      ({ name, labels }) =>
        name === 'http_request_duration_seconds_count' &&
        labels.route === '/api/plans' &&
        labels.method === 'GET' &&
        labels.status === '200',
    )?.value ?? 0
  /** The workers' process ids, from the line each writes when it listens. */
  const workerPids = () =>
    cluster
      .output()
      .split('\n')
      .filter((line) => line.includes('"Serving http'))
      .map((line) => String((JSON.parse(line) as { instance: string }).instance.split('/').at(-1)))

  beforeAll(async () => {
    cluster = await startAppServer({ mongodbUri, entry: 'cluster.ts', env: { WEB_CONCURRENCY: '2', METRICS_TOKEN: TOKEN } })
    await waitFor(() => cluster.output().includes('cluster: 2 worker(s) serving'), 45_000)
  })
  afterAll(async () => {
    await cluster?.stop()
  })

  it('keeps the token rules: no token or a wrong one is refused', async () => {
    expect((await get(`${cluster.url}/metrics`)).status).toBe(401)
    expect((await get(`${cluster.url}/metrics`, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401)
  })

  it(
    'counts every request whatever worker served it, and its counters never go backwards between scrapes',
    { timeout: 90_000 },
    async () => {
      const before = plansCount(await scrape())

      let loading = true
      const load = (async () => {
        // 100 requests to one path, four at a time, with other pages in between.
        await Promise.all(
          Array.from({ length: 4 }, async (_, lane) => {
            for (let i = 0; i < 25; i++) {
              expect((await get(`${cluster.url}/api/plans`)).status).toBe(200)
              if (i % 5 === lane) expect((await get(`${cluster.url}/news`)).status).toBe(200)
            }
          }),
        )
      })().finally(() => (loading = false))

      let scrapesUnderLoad = 0
      try {
        let previous = growingSeries(await scrape())
        while (loading) {
          const current = growingSeries(await scrape())
          for (const [series, value] of previous) {
            if (!current.has(series)) throw new Error(`${series} vanished from a scrape`)
            if (current.get(series)! < value) throw new Error(`${series} went back from ${value} to ${current.get(series)}`)
          }
          previous = current
          scrapesUnderLoad++
        }
      } finally {
        // The load ends before the cluster is stopped, whatever failed.
        await load.catch(() => undefined)
      }
      await load
      expect(scrapesUnderLoad).toBeGreaterThanOrEqual(3)

      // Each answer is counted as it finishes; then the count stays at exactly 100 more.
      await waitFor(async () => plansCount(await scrape()) === before + 100)
      for (let i = 0; i < 4; i++) expect(plansCount(await scrape())).toBe(before + 100)

      // Both workers served some of them (each request's log line names its process).
      const servedBy = new Set(
        cluster
          .output()
          .split('\n')
          .filter((line) => line.includes('"path":"/api/plans"'))
          .map((line) => (JSON.parse(line) as { instance: string }).instance),
      )
      expect(servedBy.size).toBe(2)
    },
  )

  it("lists each worker's process metrics once with its worker label, and the build once", async () => {
    const workers = workerPids()
    expect(workers).toHaveLength(2)
    for (let i = 0; i < 4; i++) {
      const { samples } = parseMetrics(await scrape())
      const startTimes = samples.filter(({ name }) => name === 'process_start_time_seconds')
      expect(startTimes.map(({ labels }) => labels.worker).sort()).toEqual([...workers].sort())
      for (const { value } of startTimes) expect(value).toBeGreaterThan(Date.now() / 1000 - 600)

      const builds = samples.filter(({ name }) => name === 'app_build_info')
      expect(builds).toHaveLength(1)
      expect(builds[0]!.value).toBe(1)
      expect(builds[0]!.labels).toEqual({ version, commit: expect.stringMatching(/^([0-9a-f]{7,40}|unknown)$/) })
      // One series per worker for the process figures; the request counts are the instance's.
      expect(samples.filter(({ name }) => name === 'process_resident_memory_bytes').map(({ labels }) => labels.worker)).toHaveLength(2)
      expect(
        samples.filter(({ name }) => name === 'http_request_duration_seconds_count').every(({ labels }) => !('worker' in labels)),
      ).toBe(true)
    }
  })

  it('answers 503 rather than a partial sum while a worker does not answer', { timeout: 60_000 }, async () => {
    // A kept-alive connection, and the worker serving it (its request's log line names its process).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const requestId = `which-worker-${Date.now()}`
    expect((await get(`${cluster.url}/api/plans`, { 'X-Request-Id': requestId }, agent)).status).toBe(200)
    const line = await waitFor(() =>
      cluster
        .output()
        .split('\n')
        .find((entry) => entry.includes(`"reqId":"${requestId}"`)),
    )
    const serving = String((JSON.parse(line) as { instance: string }).instance.split('/').at(-1))
    const other = Number(workerPids().find((pid) => pid !== serving))
    process.kill(other, 'SIGSTOP')
    // Whatever happens to the scrape, the worker runs again (the cluster must stop after the tests).
    const resume = setTimeout(() => process.kill(other, 'SIGCONT'), 20_000)
    try {
      const started = Date.now()
      const answer = await get(`${cluster.url}/metrics`, { Authorization: `Bearer ${TOKEN}` }, agent)
      expect(answer.status).toBe(503)
      expect(answer.body).not.toContain('http_request_duration_seconds')
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500)
    } finally {
      clearTimeout(resume)
      process.kill(other, 'SIGCONT')
    }
    const again = await get(`${cluster.url}/metrics`, { Authorization: `Bearer ${TOKEN}` }, agent)
    expect(again.status).toBe(200)
    expect(parseMetrics(again.body).samples.filter(({ name }) => name === 'process_start_time_seconds')).toHaveLength(2)
    agent.destroy()
  })
})
