import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalDatabase } from '../../scripts/lib/local-services.mjs'
import { startAppServer } from '#tests/support/app-server'
import { CHECK_TIMEOUT_MS } from '#app/catalogue/content-version.server'

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

// Every public page and read the cache serves.
const PUBLIC_PAGES = [
  '/',
  '/news',
  '/news/ftc-safeguards-rule',
  '/resources',
  '/privacy-policy',
  '/terms-of-service',
  '/security-policy',
  '/checkout',
  '/checkout/2?microsoft365=business_standard&ms365_users=4',
  '/sitemap.xml',
  '/robots.txt',
  '/api/plans',
  '/api/services',
  '/api/solutions',
  '/_.data',
]

async function timedGet(url: string) {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.text()
  return { status: response.status, body, ms: performance.now() - started, cache: response.headers.get('x-page-cache') }
}

/** The contact form as a browser without JavaScript posts it, spam-trap fields read from the page. */
function contactForm(pageHtml: string) {
  const trapTime = pageHtml.match(/name="from__confirm" value="([^"]+)"/)?.[1]
  if (!trapTime) throw new Error('the page has no spam-trap time field')
  return new URLSearchParams({
    name__confirm: '',
    from__confirm: trapTime,
    name: 'Pat Outage',
    email: 'pat@example.com',
    message: 'Please call me about managed IT for our dealership.',
  })
}

describe('a database outage', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('keeps rendered public pages up from the cache and the instance in the pool, turns forms to 503, then recovers without a restart', async () => {
    let database = await startLocalDatabase({ dataDir, fresh: true })
    const port = database.port
    cleanups.push(() => database.stop())
    // Pages expire after a second here, so during the outage every one is past its time to live; the
    // catalogue's lists too (10 s by default), so an uncached read fails within a second, not ten.
    // Each read of the absent database gives up after a second (3 s by default): the same 503s, sooner.
    const server = await startAppServer({
      mongodbUri: `${database.uri}outage`,
      env: { PAGE_CACHE_TTL_SECONDS: '1', CATALOGUE_CACHE_SECONDS: '1', DATABASE_WAIT_MS: '1000' },
    })
    cleanups.push(async () => void (await server.stop()))

    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const before = new Map<string, string>()
    for (const page of PUBLIC_PAGES) {
      const answer = await timedGet(`${server.url}${page}`)
      expect(answer.status, page).toBe(200)
      before.set(page, answer.body)
    }

    await database.stop()
    // Still ready: leaving the balancer's pool would stop the stale pages below being served.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    // The database's state is in /healthz (and mongodb_up); the reason only in the log.
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', database: 'down' })
    // The log line may reach the pipe a moment after the answer.
    await expect.poll(() => server.output(), { timeout: 5000 }).toContain('healthz: database unavailable')
    expect((await fetch(`${server.url}/livez`)).status).toBe(200)
    // Once the version check has gone unanswered, the cache serves what it has, marked stale.
    await waitFor(async () => (await fetch(`${server.url}/robots.txt`)).headers.get('x-page-cache') === 'stale', 10_000)
    await new Promise((resolve) => setTimeout(resolve, 1100)) // every page now past its time to live
    const staleMs: number[] = []
    for (const page of PUBLIC_PAGES) {
      const answer = await timedGet(`${server.url}${page}`)
      staleMs.push(answer.ms)
      expect(answer.status, page).toBe(200)
      expect(answer.cache, page).toBe('stale')
      expect(answer.body, page).toBe(before.get(page))
      // Served from memory, not after a wait on the database: that would take at least the content
      // check's timeout. (The figure itself is printed below; a loaded machine stretches it.)
      expect(answer.ms, page).toBeLessThan(CHECK_TIMEOUT_MS)
    }
    // /readyz stays 200 meanwhile: this instance keeps serving what it can.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

    // A read the page cache never made fails readably (once the catalogue's own cache has lapsed).
    await waitFor(async () => (await fetch(`${server.url}/api/plans?uncached=1`)).status === 503, 40_000)
    const api = await fetch(`${server.url}/api/plans?uncached=1`)
    expect(await api.json()).toMatchObject({ message: expect.stringMatching(/temporarily unavailable/) })
    // A page never rendered shows its lists' error text and is not kept.
    const neverRendered = await fetch(`${server.url}/checkout/3`)
    expect(neverRendered.headers.get('x-page-cache')).toBe('miss')
    // A form answers 503 with its readable message; the cached page's spam-trap time is accepted.
    const form = contactForm(before.get('/')!)
    const posted = await fetch(`${server.url}/?index`, { method: 'POST', body: form, redirect: 'manual' })
    expect(posted.status).toBe(503)
    expect((await posted.text()).replaceAll('&#x27;', "'")).toMatch(/temporarily unavailable/)

    database = await startLocalDatabase({ dataDir, port })
    const back = Date.now()
    await waitFor(async () => (await fetch(`${server.url}/api/plans?uncached=2`)).status === 200, 20_000)
    const recoveredMs = Date.now() - back
    console.log(
      `[outage figures] ${PUBLIC_PAGES.length} cached pages served stale, slowest ${Math.max(...staleMs).toFixed(1)} ms; ` +
        `an uncached read answered again ${recoveredMs} ms after the database was back`,
    )
    expect(recoveredMs).toBeLessThanOrEqual(5000)
    await waitFor(async () => ((await (await fetch(`${server.url}/healthz`)).json()) as { database: string }).database === 'up')
    const recovered = await timedGet(`${server.url}/checkout/3`)
    expect(recovered.status).toBe(200)
    expect(recovered.body).toContain('Enterprise')
    expect(recovered.body).not.toContain('nonce=')
    await waitFor(async () => (await fetch(`${server.url}/`)).headers.get('x-page-cache') !== 'stale')
    // The same form, from the cached page, is accepted once the database is back.
    const sent = await fetch(`${server.url}/?index`, { method: 'POST', body: form, redirect: 'manual' })
    expect(sent.status).toBe(303)
  }, 120_000)
})
