import type { NextFunction, Request, Response } from 'express'
import type { RouterContextProvider } from 'react-router'
import { isDatabaseAnswering, onContentChanged } from '#app/catalogue/content-version.server'
import { INCOMPLETE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '#app/lib/http/cache-control'
import { contextFor } from '#app/lib/http/request-context'
import { currentRequestScope, labelRoute } from '#app/lib/observability/request-scope.server'
import { cspWithScriptHashes, isStaffPath } from '#app/server/security-headers.server'
import { carriesCookie, pageCacheKey } from './cacheable-pages'
import { emittedScriptHashes, freshScriptMarker } from './inline-script-hashes.server'
import { chooseEncoding, makeEntry, type PageEntry, PageStore } from './page-store.server'

/**
 * How an anonymous page is made: React Router's request handler, given a request with no cookies
 * and the site's own address (so nothing of the visitor and no Host header can reach cached bytes).
 */
export type RenderPage = (request: globalThis.Request, context: RouterContextProvider) => Promise<globalThis.Response>

type Rendered = {
  status: number
  headers: [string, string][]
  body: Buffer
  csp: string
  /** Stored in the cache (then `entry` is set). */
  entry?: PageEntry
  /** A failure a stale copy should stand in for: a 5xx, or a page that must not be stored (a list failed). */
  failed: boolean
  /** The route pattern React Router matched, for the request log and metrics. */
  route: string | undefined
}

// Headers the cache sets itself on every answer, or that belong to one response only.
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'vary', 'date', 'connection', 'transfer-encoding', 'keep-alive'])
// Set on the rendering request by the middleware before the cache, and kept with the page so a hit
// answered before that middleware carries them too: all but these, which belong to one response.
const PER_RESPONSE_HEADERS = new Set([...OWN_HEADERS, 'x-request-id', 'content-security-policy', 'set-cookie', 'x-page-cache'])

/** The headers the middleware chain set on this response so far (security headers and the like). */
function headersSetSoFar(res: Response): [string, string][] {
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    PER_RESPONSE_HEADERS.has(name) || value === undefined || Array.isArray(value) ? [] : [[name, String(value)] as [string, string]],
  )
}

export type PageCacheOptions = {
  render: RenderPage
  siteUrl: string
  maxBytes: number
  ttlMs: number
  /** Cookies that make a request personal (staff session, flash message): such requests bypass the cache. */
  bypassCookies: string[]
}

/**
 * The page cache: anonymous GET and HEAD requests for public pages are answered from
 * memory, compressed in advance, with ETag and 304; everything else goes on to React Router.
 * A page is rendered once per key however many requests wait for it. When the database does not
 * answer, a page rendered before is served stale (X-Page-Cache: stale) rather than an error.
 */
export function createPageCache({ render, siteUrl, maxBytes, ttlMs, bypassCookies }: PageCacheOptions) {
  const store = new PageStore({ maxBytes, ttlMs })
  const rendering = new Map<string, Promise<Rendered>>()
  const personal = new Set(bypassCookies)
  const stopWatching = onContentChanged(() => store.clear())

  async function renderAnonymously(key: string, req: Request, res: Response): Promise<Rendered> {
    const generation = store.generation
    const url = new URL(key, siteUrl)
    const scriptMarker = freshScriptMarker()
    const context = contextFor({
      cspNonce: undefined,
      scriptMarker,
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      requestId: res.locals.requestId as string,
    })
    const response = await render(new globalThis.Request(url), context)
    // React Router names the route it matched (entry.server's instrumentation); hits reuse the name.
    const route = currentRequestScope()?.route
    let body = Buffer.from(await response.arrayBuffer())
    // The render's Cache-Control decides: a page that may not be stored (a list that failed to
    // load answers no-store) is answered as rendered, and a stored copy stands in for it.
    const cacheControl = response.headers.get('cache-control')
    const storable = response.status === 200 && !response.headers.has('set-cookie') && !/no-store|private/i.test(cacheControl ?? '')
    const rendered = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name))
    // What a CDN in front may do with it (http/cache-control.ts), unless the render said.
    if (cacheControl === null) rendered.push(['cache-control', storable ? PUBLIC_PAGE_CACHE_CONTROL : INCOMPLETE_CACHE_CONTROL])
    const renderedNames = new Set(rendered.map(([name]) => name))
    const headers = [...headersSetSoFar(res).filter(([name]) => !renderedNames.has(name)), ...rendered]
    let scriptHashes: string[] = []
    if (/^text\/html/i.test(response.headers.get('content-type') ?? '')) {
      const emitted = emittedScriptHashes(body.toString('utf8'), scriptMarker)
      body = Buffer.from(emitted.html, 'utf8')
      scriptHashes = emitted.hashes
    }
    const csp = cspWithScriptHashes(res, scriptHashes)
    const failed = response.status >= 500 || (response.status === 200 && !storable)
    if (!storable) return { status: response.status, headers, body, csp, failed, route }
    const entry = await makeEntry(key, body, headers, csp, route)
    store.set(entry, generation)
    return { status: response.status, headers, body, csp, entry, failed, route }
  }

  function send(req: Request, res: Response, entry: PageEntry, state: 'hit' | 'miss' | 'stale') {
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    const variant = (encoding && entry.encoded[encoding]) || entry.identity
    labelRoute(entry.route)
    res.setHeader('X-Page-Cache', state)
    res.setHeader('Content-Security-Policy', entry.csp)
    res.setHeader('Vary', 'Accept-Encoding')
    res.setHeader('ETag', variant.etag)
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    if (matches(req.headers['if-none-match'], variant.etag)) {
      res.removeHeader('Content-Type')
      res.status(304).end()
      return
    }
    if (variant !== entry.identity) res.setHeader('Content-Encoding', encoding!)
    res.setHeader('Content-Length', variant.body.length)
    res.status(200)
    // HEAD: the same headers, no body. A Range header is ignored: the whole page, 200.
    if (req.method === 'HEAD') res.end()
    else res.end(variant.body)
  }

  /** An answer that is not cached (a 404 page, a page with a failed list): sent as rendered. */
  function sendRendered(res: Response, rendered: Rendered) {
    labelRoute(rendered.route)
    res.setHeader('X-Page-Cache', 'miss')
    res.setHeader('Content-Security-Policy', rendered.csp)
    for (const [name, value] of rendered.headers) res.append(name, value)
    res.status(rendered.status).end(rendered.body)
  }

  /** The cache key of an anonymous GET or HEAD for a public page, or null when the request goes past the cache. */
  function cacheKeyOf(req: Request) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    // Staff pages in any spelling the router accepts never reach the cache, listed or not.
    if (isStaffPath(req.path)) return null
    const queryAt = req.originalUrl.indexOf('?')
    const key = pageCacheKey(req.path, queryAt === -1 ? '' : req.originalUrl.slice(queryAt))
    return key && !carriesCookie(req.headers.cookie, personal) ? key : null
  }

  /** A copy to answer with at once: fresh, or any copy while the database does not answer. */
  function readyCopy(cached: PageEntry | undefined): { entry: PageEntry; state: 'hit' | 'stale' } | null {
    if (!cached) return null
    if (!isDatabaseAnswering()) return { entry: cached, state: 'stale' }
    return store.isFresh(cached) ? { entry: cached, state: 'hit' } : null
  }

  /**
   * Hits answered early: placed right after the request log (and the drain and health checks),
   * a page already in memory skips the rest of the chain (compression, nonce, security headers,
   * guards: the stored page carries the headers that chain set when it was rendered). The access
   * log still records it. A request with a body goes the long way, past the body-size guard.
   */
  function answerEarly(recordAccess: (req: Request, res: Response, next: NextFunction) => void) {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return next()
      const key = cacheKeyOf(req)
      const ready = key ? readyCopy(store.get(key)) : null
      if (!ready) return next()
      recordAccess(req, res, () => send(req, res, ready.entry, ready.state))
    }
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    const key = cacheKeyOf(req)
    if (!key) return next()

    const cached = store.get(key)
    const ready = readyCopy(cached)
    if (ready) return send(req, res, ready.entry, ready.state)

    let pending = rendering.get(key)
    if (!pending) {
      pending = renderAnonymously(key, req, res).finally(() => rendering.delete(key))
      rendering.set(key, pending)
    }
    let rendered
    try {
      rendered = await pending
    } catch (error) {
      if (cached) return send(req, res, cached, 'stale')
      return next(error)
    }
    if (rendered.entry) return send(req, res, rendered.entry, 'miss')
    if (rendered.failed && cached) return send(req, res, cached, 'stale')
    sendRendered(res, rendered)
  }

  return { middleware, answerEarly, store, stop: stopWatching }
}

/** True when an If-None-Match header names this entity tag (weak comparison, as RFC 9110 asks). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
