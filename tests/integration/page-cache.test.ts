import { createHash } from 'node:crypto'
import http, { type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '#app/lib/http/cache-control'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { type DatabaseProxy, startDatabaseProxy } from '#tests/support/database-proxy'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

const mongodbUri = setupTestDatabase('page_cache')

// A flash cookie that carries no message: it makes the request bypass the cache (the page must
// read it) and changes nothing on the page, so the same page comes out rendered for the request.
const BYPASS = { Cookie: 'en_toast=nothing-here' }

/** The parts of a page that belong to one response: CSP nonces and the spam trap's encrypted time. */
function withoutPerResponseParts(html: string) {
  return html
    .replaceAll(/ nonce="[^"]*"/g, '')
    .replaceAll(/(name="from__confirm" value=")[^"]*"/g, '$1"')
    .replaceAll(/(\\"encryptedValidFrom\\",\\")[^\\]*\\"/g, '$1\\"')
}

function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes!))
    .map(([, attributes, content]) => ({ attributes: attributes!, content: content! }))
}

/** A GET whose body is kept as sent (fetch would decode it) and whose headers are sent as given. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('the page cache in the production server', () => {
  let server: AppServer
  beforeAll(async () => {
    server = await startAppServer({ mongodbUri })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers a cached page equal to an uncached render but for the per-response parts', async () => {
    for (const path of ['/', '/news/ftc-safeguards-rule', '/checkout/2?microsoft365=business_standard&ms365_users=4', '/privacy-policy']) {
      const first = await fetch(`${server.url}${path}`)
      const cached = await fetch(`${server.url}${path}`)
      const uncached = await fetch(`${server.url}${path}`, { headers: BYPASS })
      expect([first.headers.get('x-page-cache'), cached.headers.get('x-page-cache'), uncached.headers.get('x-page-cache')], path).toEqual([
        'miss',
        'hit',
        null,
      ])
      const [firstHtml, cachedHtml, uncachedHtml] = await Promise.all([first.text(), cached.text(), uncached.text()])
      expect(cachedHtml, path).toBe(firstHtml)
      expect(withoutPerResponseParts(cachedHtml), path).toBe(withoutPerResponseParts(uncachedHtml))

      // The uncached page: a fresh nonce, carried by every inline script.
      const nonce = uncached.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]!
      for (const script of inlineScripts(uncachedHtml)) expect(script.attributes).toContain(`nonce="${nonce}"`)
      // The cached page: no nonce anywhere; its CSP allows exactly its own inline scripts.
      const cachedCsp = cached.headers.get('content-security-policy')!
      expect(cachedCsp).not.toContain('nonce')
      expect(cachedHtml).not.toContain('nonce=')
      const allowed = cachedCsp.match(/script-src ([^;]*)/)![1]!.match(/'sha256-[^']+'/g)
      expect(new Set(allowed)).toEqual(new Set(inlineScripts(cachedHtml).map((script) => sha256(script.content))))
      // Everything else in the policy is the same as for an uncached page.
      expect(cachedCsp.replace(/ 'sha256-[^']+'/g, '')).toBe(uncached.headers.get('content-security-policy')!.replace(/ 'nonce-[^']+'/, ''))
    }
  })

  it('answers a page already in memory ahead of the middleware, with the headers the whole chain gives it', async () => {
    // Headers that belong to one response.
    const PER_RESPONSE = new Set(['x-request-id', 'date', 'keep-alive', 'connection'])
    const comparable = (headers: IncomingHttpHeaders) =>
      Object.entries(headers)
        .filter(([name]) => !PER_RESPONSE.has(name))
        .sort(([a], [b]) => a.localeCompare(b))
    for (const path of ['/security-policy', '/checkout/3?microsoft365=business_premium&ms365_users=2', '/api/services']) {
      expect((await rawGet(`${server.url}${path}`)).headers['x-page-cache'], path).toBe('miss')
      for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
        const early = await rawGet(`${server.url}${path}`, { 'Accept-Encoding': encoding })
        // A declared body (even an empty one) keeps a request off the early path: through every middleware.
        const wholeChain = await rawGet(`${server.url}${path}`, { 'Accept-Encoding': encoding, 'Content-Length': '0' })
        expect([early.headers['x-page-cache'], wholeChain.headers['x-page-cache']], path).toEqual(['hit', 'hit'])
        expect(comparable(early.headers), `${path}, ${encoding}`).toEqual(comparable(wholeChain.headers))
        expect(early.body.equals(wholeChain.body), `${path}, ${encoding}`).toBe(true)
      }
      const { headers } = await rawGet(`${server.url}${path}`)
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['strict-transport-security']).toContain('max-age=')
      expect(headers['permissions-policy']).toContain(path.startsWith('/checkout') ? 'payment=(self' : 'payment=()')
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('answers a link carrying campaign parameters with the page as it is without them', async () => {
    for (const path of ['/news', '/terms-of-service']) {
      const tracked = await fetch(`${server.url}${path}?utm_source=forum&utm_medium=social&fbclid=IwAR0${path.length}`)
      const plain = await fetch(`${server.url}${path}`)
      const rendered = await fetch(`${server.url}${path}`, { headers: BYPASS })
      expect([tracked.headers.get('x-page-cache'), plain.headers.get('x-page-cache')], path).toEqual(['miss', 'hit'])
      const [trackedHtml, plainHtml, renderedHtml] = await Promise.all([tracked.text(), plain.text(), rendered.text()])
      expect(plainHtml, path).toBe(trackedHtml)
      // Rendered for the link, the page carries nothing of its query.
      expect(withoutPerResponseParts(trackedHtml), path).toBe(withoutPerResponseParts(renderedHtml))
    }
    // Checkout writes the rest of its query into its links: there the parameters make a page of its own.
    expect((await fetch(`${server.url}/checkout/2?utm_source=forum`)).headers.get('x-page-cache')).toBeNull()
  })

  it('tells a CDN to keep anonymous public pages as the page cache does, and staff and personal pages not at all', async () => {
    const cacheControl = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })).headers.get('cache-control')
    // Anonymous public pages (hash-based CSP), when rendered and when answered from memory.
    for (const path of ['/', '/news/ftc-safeguards-rule', '/checkout', '/terms-of-service', '/_.data']) {
      expect([await cacheControl(path), await cacheControl(path)], path).toEqual([PUBLIC_PAGE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL])
    }
    // Rendered for one request, with a nonce: a flash message, a query the page does not know.
    expect(await cacheControl('/', BYPASS)).toBe(PRIVATE_CACHE_CONTROL)
    expect(await cacheControl('/privacy-policy?ref=someone')).toBe(PRIVATE_CACHE_CONTROL)
    // A page not kept (not found): no cache keeps it either.
    expect(await cacheControl('/news/no-such-article')).toBe('no-store')
    // Staff pages, and public pages rendered for a member of staff.
    const cookie = await signInOverHttp(server.url)
    for (const path of ['/admin', '/admin/orders', '/admin.data', '/']) {
      expect(await cacheControl(path, { Cookie: cookie }), path).toBe(PRIVATE_CACHE_CONTROL)
    }
  })

  it('answers the public JSON reads from the cache, equal to a fresh read', async () => {
    const first = await fetch(`${server.url}/api/plans`)
    const cached = await fetch(`${server.url}/api/plans`)
    const fresh = await fetch(`${server.url}/api/plans?fresh=1`)
    expect(cached.headers.get('x-page-cache')).toBe('hit')
    expect(fresh.headers.get('x-page-cache')).toBeNull()
    expect(await cached.json()).toEqual(await first.json())
    expect(await (await fetch(`${server.url}/api/plans`)).json()).toEqual(await fresh.json())
  })

  it('never caches a staff page, and lets a signed-in member of staff see public pages rendered for them', async () => {
    const cookie = await signInOverHttp(server.url)
    const admin = await fetch(`${server.url}/admin`, { headers: { Cookie: cookie } })
    expect(admin.status).toBe(200)
    expect(admin.headers.get('x-page-cache')).toBeNull()
    const home = await fetch(`${server.url}/`, { headers: { Cookie: cookie } })
    expect(home.headers.get('x-page-cache')).toBeNull()
    expect(home.headers.get('content-security-policy')).toContain("'nonce-")
  })
})

describe('a public page whose list could not be loaded', () => {
  let proxy: DatabaseProxy
  let server: AppServer
  beforeAll(async () => {
    proxy = await startDatabaseProxy(mongodbUri)
    server = await startAppServer({ mongodbUri: proxy.uri })
  })
  afterAll(async () => {
    await server?.stop()
    await proxy?.stop()
  })

  it('says so with no-store and is not kept; the complete page is kept once the list loads', async () => {
    const home = async () => {
      const response = await fetch(`${server.url}/`)
      return {
        cache: response.headers.get('x-page-cache'),
        cacheControl: response.headers.get('cache-control'),
        etag: response.headers.get('etag'),
        html: await response.text(),
      }
    }
    proxy.sever(['services'])
    try {
      const [first, second] = [await home(), await home()]
      for (const answer of [first, second]) {
        expect(answer.cache).toBe('miss')
        expect(answer.cacheControl).toBe('no-store')
        expect(answer.html).toContain('Error loading services')
      }
    } finally {
      proxy.restore()
    }
    const [rendered, kept] = [await home(), await home()]
    expect(rendered.cache).toBe('miss')
    // The stored copy answers, not a new render. It is labelled `stale` rather than `hit` when this
    // instance's once-a-second version check found the database slower than 800 ms (a loaded machine):
    // the same copy either way, which the entity tag shows.
    expect(['hit', 'stale']).toContain(kept.cache)
    expect(rendered.etag).toBeTruthy()
    expect(kept.etag).toBe(rendered.etag)
    expect(kept.cacheControl).toBe(PUBLIC_PAGE_CACHE_CONTROL)
    expect(kept.html).not.toContain('Error loading services')
  })
})

describe('a price change', () => {
  const servers: AppServer[] = []
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await Plan.updateOne({ id: 1 }, { $set: { price: 299 } })
  })

  it('reaches the cached pages of every instance within 2 s', async () => {
    // Two instances behind a load balancer; their caches hold a price that a staff edit changes.
    servers.push(await startAppServer({ mongodbUri }), await startAppServer({ mongodbUri }))
    const [editor, other] = servers as [AppServer, AppServer]
    await Plan.updateOne({ id: 1 }, { $set: { price: 555 } })
    const essentialPrice = async (server: AppServer) => {
      const html = (await (await fetch(`${server.url}/`)).text()).replaceAll('<!-- -->', '')
      const plans = (await (await fetch(`${server.url}/api/plans`)).json()) as { id: number; price: number }[]
      const checkout = (await (await fetch(`${server.url}/checkout/1`)).text()).replaceAll('<!-- -->', '')
      return {
        home: html.match(/id="essential-price"[^>]*>(?:<[^>]+>)*\$(\d+)/)?.[1],
        api: String(plans.find((plan) => plan.id === 1)?.price),
        checkout: checkout.includes('$555') ? '555' : checkout.includes('$299') ? '299' : undefined,
      }
    }
    // Let any earlier content change settle, then fill both caches with the old price.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    for (const server of servers) {
      await essentialPrice(server)
      expect(await essentialPrice(server)).toEqual({ home: '555', api: '555', checkout: '555' })
      expect((await fetch(`${server.url}/`)).headers.get('x-page-cache')).toBe('hit')
    }

    const cookie = await signInOverHttp(editor.url)
    const edit = await fetch(`${editor.url}/api/admin/plans/1`, {
      method: 'PATCH',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ price: 299 }),
    })
    expect(edit.status).toBe(200)
    const edited = Date.now()
    // The instance that made the change drops its pages at once.
    expect(await essentialPrice(editor)).toEqual({ home: '299', api: '299', checkout: '299' })
    // The other sees the new content version within its next check (every second).
    let seen = await essentialPrice(other)
    while (seen.home !== '299' && Date.now() - edited < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      seen = await essentialPrice(other)
    }
    const elapsed = Date.now() - edited
    expect(seen).toEqual({ home: '299', api: '299', checkout: '299' })
    expect(elapsed).toBeLessThanOrEqual(2000)
  })
})
