import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { requestInfo } from '#app/lib/http/request-context'
import { createPageCache, type RenderPage } from './page-cache.server'

type Server = { url: string; close: () => Promise<void> }

async function serve(app: express.Express): Promise<Server> {
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A page of about 12 KB that differs with its query, as checkout's does; counts its renders. */
function fakeRenderer({ status = 200, delayMs = 0 } = {}) {
  const calls: string[] = []
  const render: RenderPage = async (request, context) => {
    // As React Router does: the render's marker on every script it writes.
    const marker = requestInfo(context).scriptMarker
    calls.push(new URL(request.url).pathname + new URL(request.url).search)
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const body = `<!DOCTYPE html><html><body><h1>${request.url}</h1>${`<p>${request.url} Managed IT for Roswell.</p>`.repeat(150)}<script nonce="${marker}">hydrate()</script></body></html>`
    return new Response(body, { status: renderer.status, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }
  const renderer = { render, calls, status }
  return renderer
}

function appWith(options: Partial<Parameters<typeof createPageCache>[0]> & { render: RenderPage }) {
  const cache = createPageCache({
    siteUrl: 'https://www.example.com',
    maxBytes: 1 << 20,
    ttlMs: 60_000,
    bypassCookies: ['en_toast'],
    ...options,
  })
  const app = express()
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'n0nce'
    res.setHeader('Content-Security-Policy', "script-src 'self' 'nonce-n0nce'")
    next()
  })
  app.use(cache.middleware)
  app.use((_req, res) => res.status(200).send('rendered for this request'))
  return { app, cache }
}

describe('the page cache', () => {
  const servers: Server[] = []
  afterAll(async () => {
    for (const server of servers) await server.close()
  })
  async function start(app: express.Express) {
    const server = await serve(app)
    servers.push(server)
    return server.url
  }

  it('keeps checkout variants within a quarter of its bound over HTTP, and they never push out the home page', async () => {
    // A small bound, so a few dozen distinct checkout queries (12 KB pages, more with their compressed
    // copies) fill the variants' share several times over and the whole bound twice.
    const maxBytes = 300 * 1024
    const renderer = fakeRenderer()
    const { app, cache } = appWith({ render: renderer.render, maxBytes })
    const url = await start(app)
    await (await fetch(`${url}/`)).arrayBuffer()
    let pageBytesSent = 0
    for (let users = 1; users <= 60; users++) {
      const response = await fetch(`${url}/checkout/2?ms365_users=${users}`)
      expect(response.status).toBe(200)
      pageBytesSent += (await response.arrayBuffer()).byteLength
      expect(cache.store.bytes).toBeLessThanOrEqual(maxBytes)
      expect(cache.store.variantBytes).toBeLessThanOrEqual(maxBytes / 4)
    }
    // Unbounded, the variants would hold at least their pages: over twice the bound.
    expect(pageBytesSent).toBeGreaterThan(2 * maxBytes)
    expect(renderer.calls).toHaveLength(61)
    expect((await fetch(`${url}/`)).headers.get('x-page-cache')).toBe('hit')
    // The newest variant is kept, the first long gone.
    expect((await fetch(`${url}/checkout/2?ms365_users=60`)).headers.get('x-page-cache')).toBe('hit')
    expect((await fetch(`${url}/checkout/2?ms365_users=1`)).headers.get('x-page-cache')).toBe('miss')
  })

  it('renders a page once however many requests wait for it', async () => {
    const renderer = fakeRenderer({ delayMs: 20 })
    const { app } = appWith({ render: renderer.render })
    const url = await start(app)
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/news`)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(renderer.calls).toEqual(['/news'])
    expect((await fetch(`${url}/news`)).headers.get('x-page-cache')).toBe('hit')
  })

  it('answers HEAD with headers only, 304 to a matching If-None-Match, and the whole page to a Range', async () => {
    const { app } = appWith({ render: fakeRenderer().render })
    const url = await start(app)
    const full = await fetch(`${url}/news`, { headers: { 'Accept-Encoding': 'identity' } })
    const body = await full.text()
    const etag = full.headers.get('etag')!

    const head = await fetch(`${url}/news`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)))
    expect(await head.text()).toBe('')

    const revalidated = await fetch(`${url}/news`, { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'identity' } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(etag)

    const ranged = await fetch(`${url}/news`, { headers: { Range: 'bytes=0-99', 'Accept-Encoding': 'identity' } })
    expect(ranged.status).toBe(200)
    expect(await ranged.text()).toBe(body)

    const compressed = await fetch(`${url}/news`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding')
    expect(await compressed.text()).toBe(body)
  })

  it('allows the inline scripts of a cached page by hash instead of the nonce', async () => {
    const { app } = appWith({ render: fakeRenderer().render })
    const url = await start(app)
    const csp = (await fetch(`${url}/news`)).headers.get('content-security-policy')
    expect(csp).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'$/)
    expect(csp).not.toContain('nonce')
  })

  it('L2: a cached page allows the scripts its render emitted, not one that came in with its content', async () => {
    const render: RenderPage = async (_request, context) => {
      const marker = requestInfo(context).scriptMarker
      const article = '<p>Hello</p><script>steal(document.cookie)</script>'
      const html = `<!DOCTYPE html><html><body>${article}<script nonce="${marker}">hydrate()</script></body></html>`
      return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
    }
    const { app } = appWith({ render })
    const url = await start(app)
    const page = await fetch(`${url}/news`)
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(page.headers.get('content-security-policy')).toBe(`script-src 'self' ${hash('hydrate()')}`)
    const html = await page.text()
    expect(html).toContain('<script>hydrate()</script>')
    expect(html).not.toContain('nonce')
  })

  it('lets personal requests and unknown queries through to React Router', async () => {
    const renderer = fakeRenderer()
    const { app } = appWith({ render: renderer.render })
    const url = await start(app)
    const flashed = await fetch(`${url}/`, { headers: { Cookie: 'en_toast=abc' } })
    expect(await flashed.text()).toBe('rendered for this request')
    const unknownQuery = await fetch(`${url}/?session_id=cs_1`)
    expect(await unknownQuery.text()).toBe('rendered for this request')
    const posted = await fetch(`${url}/`, { method: 'POST', body: 'x' })
    expect(await posted.text()).toBe('rendered for this request')
    expect(renderer.calls).toEqual([])
  })

  it('serves the last good copy when a new render fails, and never keeps a failed one', async () => {
    const renderer = fakeRenderer()
    const { app } = appWith({ render: renderer.render, ttlMs: 1 })
    const url = await start(app)
    const good = await (await fetch(`${url}/news`)).text()
    await new Promise((resolve) => setTimeout(resolve, 5))
    renderer.status = 503
    const stale = await fetch(`${url}/news`)
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-page-cache')).toBe('stale')
    expect(await stale.text()).toBe(good)
    // A page never rendered while it works gets the failure as rendered.
    const fresh = await fetch(`${url}/resources`)
    expect(fresh.status).toBe(503)
    renderer.status = 200
    expect((await fetch(`${url}/resources`)).headers.get('x-page-cache')).toBe('miss')
  })
})
