import { readFileSync, readdirSync, readlinkSync } from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

const mongodbUri = setupTestDatabase('cluster')

/** The cluster's worker processes (children of the primary). */
function workersOf(primary: number): number[] {
  const children = readdirSync(`/proc/${primary}/task`).flatMap((task) =>
    readFileSync(`/proc/${primary}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  )
  return children
}

async function waitFor<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (true) {
    const value = await read()
    if (accept(value)) return value
    if (Date.now() > deadline) throw new Error(`condition not met in time (last value ${JSON.stringify(value)})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Which worker holds the server side of a connection: the primary hands each accepted connection
 * to one worker, so the worker with the socket whose peer is our local port serves it (Linux /proc).
 */
function workerServing(clientPort: number, workers: number[]): number | undefined {
  const hexPort = clientPort.toString(16).toUpperCase().padStart(4, '0')
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .find((row) => row.trim().split(/\s+/)[2]?.endsWith(`:${hexPort}`))
  const inode = line?.trim().split(/\s+/)[9]
  if (!inode) return undefined
  return workers.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`
      } catch {
        return false
      }
    }),
  )
}

type Connection = {
  agent: http.Agent
  get: (path: string, headers?: http.OutgoingHttpHeaders) => Promise<{ status: number; port: number }>
}

/** One kept-alive connection: every request goes over the same socket. */
function connection(url: string): Connection {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const get = (path: string, headers: http.OutgoingHttpHeaders = {}) =>
    new Promise<{ status: number; port: number }>((resolve, reject) => {
      const request = http.get(`${url}${path}`, { agent, headers }, (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode!, port: request.socket!.localPort! }))
      })
      request.on('error', reject)
    })
  return { agent, get }
}

describe('the production cluster', () => {
  let cluster: AppServer
  beforeAll(async () => {
    cluster = await startAppServer({ mongodbUri, entry: 'cluster.ts', env: { WEB_CONCURRENCY: '2' } })
    await waitFor(cluster.output, (output) => output.includes('cluster: 2 worker(s) serving'))
  })
  afterAll(async () => {
    await cluster?.stop()
  })

  it('serves from every worker, with sessions that each worker accepts', async () => {
    const workers = workersOf(cluster.pid)
    const byWorker = new Map<number, Connection>()
    for (let attempt = 0; attempt < 20 && byWorker.size < 2; attempt++) {
      const candidate = connection(cluster.url)
      const { port } = await candidate.get('/healthz')
      const worker = workerServing(port, workers)
      if (worker && !byWorker.has(worker)) byWorker.set(worker, candidate)
      else candidate.agent.destroy()
    }
    expect([...byWorker.keys()].sort()).toEqual([...workers].sort())
    // Signed in through one worker, the session cookie works on both (one secret for the cluster).
    const cookie = await signInOverHttp(cluster.url)
    for (const [, link] of byWorker) expect((await link.get('/admin', { Cookie: cookie })).status).toBe(200)
    for (const [, link] of byWorker) link.agent.destroy()
  })

  it('replaces a worker killed with SIGKILL while the other serves on undisturbed', async () => {
    const workers = workersOf(cluster.pid)
    let survivor: Connection | undefined
    let victim = 0
    for (let attempt = 0; attempt < 20 && !survivor; attempt++) {
      const candidate = connection(cluster.url)
      const worker = workerServing((await candidate.get('/healthz')).port, workers)
      if (worker === workers[1]) survivor = candidate
      else candidate.agent.destroy()
    }
    victim = workers[0]!
    expect(survivor).toBeDefined()

    const statuses: number[] = []
    const serving = (async () => {
      for (let i = 0; i < 40; i++) statuses.push((await survivor!.get(i % 2 ? '/news' : '/api/plans')).status)
    })()
    await new Promise((resolve) => setTimeout(resolve, 50))
    process.kill(victim, 'SIGKILL')
    await serving
    expect(statuses).toEqual(Array(40).fill(200))

    const replaced = await waitFor(
      () => workersOf(cluster.pid),
      (now) => now.length === 2 && !now.includes(victim),
    )
    expect(replaced).toContain(workers[1])
    await waitFor(cluster.output, (output) => output.split('Serving http').length - 1 === 3)
    expect(cluster.output()).toMatch(new RegExp(`worker ${victim} ended \\(SIGKILL\\)`))
    // New connections are served again (whichever worker gets them).
    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/`)).status).toBe(200)
    survivor!.agent.destroy()
  })

  it('stops every worker on SIGTERM after they finish the requests they are serving', async () => {
    const workers = workersOf(cluster.pid)
    // A request a worker is in the middle of: its body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ name: 'Pat Drain', email: 'pat@example.com', message: 'Please call me about managed IT services.' })
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${cluster.url}/api/contact`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk))
          response.on('end', () => resolve({ status: response.statusCode!, text }))
        },
      )
      request.on('error', reject)
      request.write(body.slice(0, 20))
      setTimeout(() => {
        process.kill(cluster.pid, 'SIGTERM')
        setTimeout(() => request.end(body.slice(20)), 300)
      }, 300)
    })
    const { status, text } = await answer
    expect(status).toBe(201)
    expect(JSON.parse(text)).toMatchObject({ contact: { name: 'Pat Drain' } })
    expect(await cluster.exited).toBe(0)
    expect(cluster.output().split('Stopped cleanly').length - 1).toBe(2)
    expect(cluster.output()).toContain('cluster: all workers stopped')
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow()
  })
})
