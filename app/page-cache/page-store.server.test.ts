import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, makeEntry, PageStore } from './page-store.server'

const page = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Managed IT for Roswell businesses.</p>'.repeat(200)}</body></html>`)

describe('makeEntry', () => {
  it('keeps the page in three encodings with their own entity tags', async () => {
    const entry = await makeEntry('/', page, [['content-type', 'text/html']], "script-src 'self'")
    expect(entry.identity.body).toEqual(page)
    expect(brotliDecompressSync(entry.encoded.br!.body)).toEqual(page)
    expect(gunzipSync(entry.encoded.gzip!.body)).toEqual(page)
    expect(new Set([entry.identity.etag, entry.encoded.br!.etag, entry.encoded.gzip!.etag]).size).toBe(3)
    expect(entry.bytes).toBeGreaterThan(page.length + entry.encoded.br!.body.length + entry.encoded.gzip!.body.length)
  })

  it('gives the same bytes the same tag', async () => {
    const [a, b] = await Promise.all([makeEntry('/a', page, [], ''), makeEntry('/b', page, [], '')])
    expect(a.identity.etag).toBe(b.identity.etag)
  })
})

describe('PageStore', () => {
  it('never holds more than its bound, dropping the least recently used first', async () => {
    const entries = await Promise.all(Array.from({ length: 6 }, (_, i) => makeEntry(`/p${i}`, page, [], '')))
    const store = new PageStore({ maxBytes: entries[0]!.bytes * 3 + 10, ttlMs: 60_000 })
    for (const entry of entries.slice(0, 3)) store.set(entry, store.generation)
    store.get('/p0') // now the most recently used
    store.set(entries[3]!, store.generation)
    expect(store.get('/p1')).toBeUndefined()
    expect(store.get('/p0')).toBeDefined()
    for (const entry of entries) store.set(entry, store.generation)
    expect(store.size).toBe(3)
    expect(store.bytes).toBeLessThanOrEqual(store.limits.maxBytes)
  })

  it('keeps the pages without a query however many checkout variants fill it', async () => {
    const home = await makeEntry('/', page, [], '')
    const news = await makeEntry('/news', page, [], '')
    const store = new PageStore({ maxBytes: home.bytes * 16, ttlMs: 60_000 })
    store.set(home, store.generation)
    store.set(news, store.generation)
    let variant = home
    for (let users = 1; users <= 200; users++) {
      variant = await makeEntry(`/checkout/2?microsoft365=business-standard&ms365_users=${users}`, page, [], '')
      expect(store.set(variant, store.generation)).toBe(true)
      expect(store.variantBytes).toBeLessThanOrEqual(store.variantMaxBytes)
      expect(store.bytes).toBeLessThanOrEqual(store.limits.maxBytes)
    }
    // Least recently used: the newest variants stay, the first went; the two pages never did.
    expect(store.get('/')).toBe(home)
    expect(store.get('/news')).toBe(news)
    expect(store.get('/checkout/2?microsoft365=business-standard&ms365_users=200')).toBeDefined()
    expect(store.get('/checkout/2?microsoft365=business-standard&ms365_users=1')).toBeUndefined()
    // The variants' share is full, and only that share.
    expect(store.size).toBeGreaterThan(3)
    expect(store.variantBytes + variant.bytes).toBeGreaterThan(store.variantMaxBytes)
  })

  it('holds 10,000 distinct checkout queries within a quarter of its bound, never pushing out a page without a query', async () => {
    // Small entries, made once: this is the store's accounting, not compression.
    const small = Buffer.from('<!DOCTYPE html><p>Checkout</p>')
    const template = await makeEntry('/checkout/1?ms365_users=1', small, [], '')
    const withKey = (key: string) => ({ ...template, key, bytes: template.bytes + 2 * (key.length - template.key.length) })
    const maxBytes = template.bytes * 64
    const store = new PageStore({ maxBytes, ttlMs: 60_000 })
    // Pages without a query take nearly the whole bound: the variants may only push out each other.
    const pages = Array.from({ length: 60 }, (_, i) => withKey(i === 0 ? '/' : `/news/article-${i}`))
    for (const entry of pages) expect(store.set(entry, store.generation)).toBe(true)
    for (let n = 0; n < 10_000; n++) {
      // Checkout's own values: plans 1 to 10, each with 1 to 1,000 seats.
      store.set(withKey(`/checkout/${1 + Math.floor(n / 1000)}?ms365_users=${1 + (n % 1000)}`), store.generation)
      if (store.bytes > maxBytes || store.variantBytes > maxBytes / 4) {
        expect.fail(`after ${n + 1} variants: ${store.bytes} bytes held, ${store.variantBytes} by variants, bound ${maxBytes}`)
      }
    }
    for (const entry of pages) expect(store.get(entry.key)).toBe(entry)
    expect(store.get('/checkout/10?ms365_users=1000')).toBeDefined()
    expect(store.get('/checkout/1?ms365_users=1')).toBeUndefined()
    expect(store.size).toBeLessThanOrEqual(64)

    // Alone in the cache, the variants still stop at their share.
    const empty = new PageStore({ maxBytes, ttlMs: 60_000 })
    empty.set(pages[0]!, empty.generation)
    for (let n = 0; n < 10_000; n++) empty.set(withKey(`/checkout?ms365_users=${1 + n}`), empty.generation)
    expect(empty.get('/')).toBe(pages[0])
    expect(empty.variantBytes).toBeLessThanOrEqual(maxBytes / 4)
    expect(empty.variantBytes).toBeGreaterThan(maxBytes / 4 - template.bytes * 2)
    expect(empty.size).toBeLessThanOrEqual(1 + 16)
  })

  it('pushes out variants before any page without a query, and refuses a variant larger than their share', async () => {
    const pages = await Promise.all(Array.from({ length: 4 }, (_, i) => makeEntry(`/p${i}`, page, [], '')))
    const variant = await makeEntry('/checkout?cloud_backup=true', page, [], '')
    const store = new PageStore({ maxBytes: variant.bytes * 4, ttlMs: 60_000 })
    expect(store.set(variant, store.generation)).toBe(true)
    for (const entry of pages.slice(0, 3)) store.set(entry, store.generation)
    // The cache is full; the next page takes the variant's room, not the oldest page's.
    store.set(pages[3]!, store.generation)
    expect(store.get('/checkout?cloud_backup=true')).toBeUndefined()
    expect(store.get('/p0')).toBeDefined()
    // Full of pages, a variant finds no room and is not kept; the pages stay.
    expect(store.set(variant, store.generation)).toBe(false)
    expect(store.size).toBe(4)
    expect(store.variantBytes).toBe(0)
    const tiny = new PageStore({ maxBytes: variant.bytes * 2, ttlMs: 60_000 })
    expect(tiny.set(variant, tiny.generation)).toBe(false)
    expect(tiny.set(pages[0]!, tiny.generation)).toBe(true)
  })

  it('refuses an entry larger than the whole cache', async () => {
    const entry = await makeEntry('/big', page, [], '')
    const store = new PageStore({ maxBytes: entry.bytes - 1, ttlMs: 60_000 })
    expect(store.set(entry, store.generation)).toBe(false)
    expect(store.bytes).toBe(0)
  })

  it('does not store what was rendered before the cache was emptied', async () => {
    const store = new PageStore({ maxBytes: 1 << 20, ttlMs: 60_000 })
    const generation = store.generation
    const entry = await makeEntry('/', page, [], '')
    store.clear() // content changed while the page was being rendered
    expect(store.set(entry, generation)).toBe(false)
    expect(store.get('/')).toBeUndefined()
  })

  it('calls an entry fresh until its time to live has passed', async () => {
    const store = new PageStore({ maxBytes: 1 << 20, ttlMs: 1000 })
    const entry = await makeEntry('/', page, [], '', '/', 5000)
    expect(store.isFresh(entry, 5999)).toBe(true)
    expect(store.isFresh(entry, 6000)).toBe(false)
  })
})

describe('chooseEncoding', () => {
  it('prefers Brotli when a browser takes both', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe('br')
  })
  it('honours weights and refusals', () => {
    expect(chooseEncoding('gzip, br;q=0.5')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('*;q=0, gzip;q=0')).toBeNull()
  })
  it('sends the bytes as they are when nothing we keep is accepted', () => {
    expect(chooseEncoding(undefined)).toBeNull()
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding('deflate')).toBeNull()
  })
})
