import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/**
 * Brotli quality for cached pages. For the home page (124 KB) quality 11 gives 19.8 KB for about
 * 400 ms of CPU, 5 gives 22.4 KB in a few ms; every distinct checkout query is a fill, so a fill
 * must stay cheap (10,000 of them at quality 11 would cost over an hour of CPU).
 */
const BROTLI_QUALITY = 5

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip'

type Variant = { body: Buffer; etag: string }

/** One cached response: its bytes in every encoding, with what to send beside them. */
export type PageEntry = {
  key: string
  /** Response headers of the render (Content-Type, Cache-Control…), less what the cache sets itself. */
  headers: [string, string][]
  /** The Content-Security-Policy for these bytes (inline scripts allowed by hash). */
  csp: string
  identity: Variant
  encoded: Partial<Record<Encoding, Variant>>
  storedAt: number
  /** The route pattern React Router matched when it rendered the page, for the request log and metrics. */
  route: string | undefined
  /** Memory held, as counted against the cache's bound. */
  bytes: number
}

// What a key, the headers and the object itself cost beyond the bodies (an estimate, on the safe side).
const ENTRY_OVERHEAD_BYTES = 1024

/** Makes an entry: compresses the body both ways (in the thread pool) and names each variant. */
export async function makeEntry(
  key: string,
  body: Buffer,
  headers: [string, string][],
  csp: string,
  route?: string,
  now = Date.now(),
): Promise<PageEntry> {
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(body, { level: 6 }),
  ])
  const encoded: PageEntry['encoded'] = {}
  // A body too small to gain from compression is sent as it is.
  if (br.length < body.length) encoded.br = { body: br, etag: `"${tag}-br"` }
  if (gz.length < body.length) encoded.gzip = { body: gz, etag: `"${tag}-gz"` }
  const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, csp.length)
  const bytes =
    body.length + (encoded.br?.body.length ?? 0) + (encoded.gzip?.body.length ?? 0) + 2 * key.length + headerBytes + ENTRY_OVERHEAD_BYTES
  return { key, headers, csp, identity: { body, etag: `"${tag}"` }, encoded, storedAt: now, route, bytes }
}

/**
 * The share of the bound that variants (entries whose key has a query string: checkout's plan and
 * option combinations, data requests naming their routes) may hold. Checkout alone has tens of
 * thousands of valid combinations; they evict only each other, never a page without a query.
 */
export const VARIANT_SHARE = 0.25

/** True for a variant: a key with a query string. */
export function isVariantKey(key: string) {
  return key.includes('?')
}

/**
 * Cached pages in this process's memory, bounded by bytes: the least recently used go first.
 * Variants hold at most `VARIANT_SHARE` of the bound and go before any page without a query; those
 * pages may use the whole bound, and push out variants, then each other. A generation number tells a
 * render that started before the cache was emptied (content changed) not to store what it made
 * from the old content.
 */
export class PageStore {
  // Two maps, each in least-recently-used order (a Map iterates in insertion order).
  private readonly pages = new Map<string, PageEntry>()
  private readonly variants = new Map<string, PageEntry>()
  private held = 0
  private variantsHeld = 0
  private generationNumber = 0
  readonly variantMaxBytes: number

  constructor(readonly limits: { maxBytes: number; ttlMs: number }) {
    this.variantMaxBytes = Math.floor(limits.maxBytes * VARIANT_SHARE)
  }

  get bytes() {
    return this.held
  }

  /** Bytes held by variants (never above `variantMaxBytes`). */
  get variantBytes() {
    return this.variantsHeld
  }

  get size() {
    return this.pages.size + this.variants.size
  }

  get generation() {
    return this.generationNumber
  }

  private mapOf(key: string) {
    return isVariantKey(key) ? this.variants : this.pages
  }

  /** The entry for a key, fresh or not, now the most recently used. */
  get(key: string) {
    const entries = this.mapOf(key)
    const entry = entries.get(key)
    if (entry) {
      entries.delete(key)
      entries.set(key, entry)
    }
    return entry
  }

  isFresh(entry: PageEntry, now = Date.now()) {
    return now - entry.storedAt < this.limits.ttlMs
  }

  /**
   * Stores an entry made in `generation`; returns false when it is too big for its share, when
   * pages without a query leave it no room, or when the cache was emptied since.
   */
  set(entry: PageEntry, generation: number) {
    const variant = isVariantKey(entry.key)
    if (generation !== this.generationNumber || entry.bytes > (variant ? this.variantMaxBytes : this.limits.maxBytes)) return false
    this.delete(entry.key)
    this.mapOf(entry.key).set(entry.key, entry)
    this.held += entry.bytes
    if (variant) this.variantsHeld += entry.bytes
    // Variants go first, the least recently used first (the new one last of all).
    for (const [key, oldest] of this.variants) {
      if (this.variantsHeld <= this.variantMaxBytes && this.held <= this.limits.maxBytes) break
      this.remove(this.variants, key, oldest)
    }
    // Only a page without a query pushes out another: a variant never gets this far.
    if (!variant) {
      for (const [key, oldest] of this.pages) {
        if (this.held <= this.limits.maxBytes) break
        this.remove(this.pages, key, oldest)
      }
    }
    return this.mapOf(entry.key).get(entry.key) === entry
  }

  delete(key: string) {
    const entries = this.mapOf(key)
    const entry = entries.get(key)
    if (entry) this.remove(entries, key, entry)
  }

  private remove(entries: Map<string, PageEntry>, key: string, entry: PageEntry) {
    entries.delete(key)
    this.held -= entry.bytes
    if (entries === this.variants) this.variantsHeld -= entry.bytes
  }

  /** Drops everything (content changed). */
  clear() {
    this.pages.clear()
    this.variants.clear()
    this.held = 0
    this.variantsHeld = 0
    this.generationNumber++
  }
}

/**
 * The encoding to send for an Accept-Encoding header: the acceptable one with the highest weight,
 * Brotli on a tie; null for none (send the bytes as they are).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  let br: number | undefined
  let gz: number | undefined
  let any: number | undefined
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    let weight = 1
    for (const param of params) {
      const [name, value] = param.trim().split('=')
      if (name === 'q') weight = Number(value)
    }
    if (!Number.isFinite(weight)) weight = 0
    if (token === 'br') br = weight
    else if (token === 'gzip' || token === 'x-gzip') gz = weight
    else if (token === '*') any = weight
  }
  const brWeight = br ?? any ?? 0
  const gzWeight = gz ?? any ?? 0
  if (brWeight <= 0 && gzWeight <= 0) return null
  return brWeight >= gzWeight ? 'br' : 'gzip'
}
