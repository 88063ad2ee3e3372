import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalDatabase } from '../../scripts/lib/local-services.mjs'
import { startAppServer } from '#tests/support/app-server'

// This file runs its own database server, so it can stop it and start it again on the same port.
const dataDir = path.resolve(import.meta.dirname, '../../.data/outage-test-db')

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('condition not met in time')
}

describe('a database outage', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('turns /readyz and pages to 503, then recovers without a restart', async () => {
    let database = await startLocalDatabase({ dataDir, fresh: true })
    const port = database.port
    cleanups.push(() => database.stop())
    const server = await startAppServer({ mongodbUri: `${database.uri}outage` })
    cleanups.push(async () => void (await server.stop()))

    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect((await fetch(`${server.url}/`)).status).toBe(200)

    await database.stop()
    const notReady = await fetch(`${server.url}/readyz`)
    expect(notReady.status).toBe(503)
    // The answer is public: it says the instance is not ready, not why (the log does).
    expect(await notReady.json()).toEqual({ status: 'unavailable' })
    // The log line may reach the pipe a moment after the answer.
    await expect.poll(() => server.output(), { timeout: 5000 }).toContain('readyz: database unavailable')
    // The liveness check does not depend on the database.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    // The catalogue cache may still hold the lists; an uncached read must fail with 503, readable.
    await waitFor(async () => (await fetch(`${server.url}/api/plans`)).status === 503, 40_000)
    const api = await fetch(`${server.url}/api/plans`)
    expect(await api.json()).toMatchObject({ message: expect.stringMatching(/temporarily unavailable/) })

    database = await startLocalDatabase({ dataDir, port })
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200)
    expect((await fetch(`${server.url}/api/plans`)).status).toBe(200)
    expect((await fetch(`${server.url}/`)).status).toBe(200)
  }, 90_000)
})
