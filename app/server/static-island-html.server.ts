import type { StaticIslandHtml } from '#app/components/static-island'

// A static island (components/static-island.tsx) renders the same HTML for the same data on the
// same path: on the home page that is seven in ten of its elements. The server renders each such
// island once, takes its HTML from the finished page, and writes it as it is into later renders
// instead of rendering it again (a page that misses the page cache: a cache fill, a query string
// the page does not know, a visitor with a flash message). Parts the browser hydrates but whose
// server HTML is as constant (ServerRenderedOnce: the header, the hero carousel, the contact form)
// are kept here the same way.

const MAX_ENTRIES = 256
const TTL_MS = 5 * 60_000

/**
 * An island's HTML for the data it showed, and the same as UTF-8 bytes: the page is written as
 * bytes, so they are made once. One entry per island and path: new data replaces the old.
 */
type Entry = { dataKey: string; html: string; bytes: Buffer; storedAt: number }

const DIV_OPEN = Buffer.from('<div')
const DIV_CLOSE = Buffer.from('</div>')

/**
 * The HTML inside an island's element in a rendered page, or undefined when it is not there.
 * React escapes `<` in text and attribute values, and the only raw-text element in an island is the
 * contact form's honeypot style (no `<div` in it), so every `<div` and `</div>` in the page is a
 * tag: the island ends at the `</div>` that balances its own.
 */
export function islandInnerHtml(page: Buffer, id: string): string | undefined {
  const range = islandInnerRange(page, id)
  return range && page.toString('utf8', ...range)
}

/** Where islandInnerHtml's HTML starts and ends in the page's bytes. */
function islandInnerRange(page: Buffer, id: string): [start: number, end: number] | undefined {
  // The island's element comes first with its id (StaticIsland, ServerRenderedOnce); React escapes
  // `>` in attribute values, so the first one after it ends the opening tag.
  const start = page.indexOf(`<div id="${id}"`)
  if (start === -1) return undefined
  const tagEnd = page.indexOf(0x3e, start)
  if (tagEnd === -1) return undefined
  const innerStart = tagEnd + 1
  // The next opening and closing tag ahead, each found once: one pass over the island.
  let depth = 1
  let open = page.indexOf(DIV_OPEN, innerStart)
  let close = page.indexOf(DIV_CLOSE, innerStart)
  while (close !== -1) {
    if (open !== -1 && open < close) {
      if (isTagNameEnd(page[open + DIV_OPEN.length])) depth += 1 // not <dialog>, <divider-x>
      open = page.indexOf(DIV_OPEN, open + DIV_OPEN.length)
    } else {
      depth -= 1
      if (depth === 0) return [innerStart, close]
      close = page.indexOf(DIV_CLOSE, close + DIV_CLOSE.length)
    }
  }
  return undefined
}

function isTagNameEnd(byte: number | undefined) {
  return byte === 0x20 || byte === 0x3e || byte === 0x2f // space, >, /
}

/** The islands' HTML kept in this process: bounded in count and age, emptied when content changes. */
export class StaticIslandHtmlCache {
  private readonly entries = new Map<string, Entry>()
  private generation = 0

  constructor(private readonly limits = { maxEntries: MAX_ENTRIES, ttlMs: TTL_MS }) {}

  /** Drops everything (content changed) and ignores what renders already under way would store. */
  clear() {
    this.entries.clear()
    this.generation += 1
  }

  get size() {
    return this.entries.size
  }

  /**
   * What one render reads from the cache, and what it rendered afresh for storeFrom() to keep.
   * `bytesOf` gives the bytes of HTML this render took from the cache, so the page is not encoded
   * again from text (React hands such large strings to its destination as they are).
   */
  forRender(pathname: string): StaticIslandHtml & { storeFrom: (page: Buffer) => void; bytesOf: (html: string) => Buffer | undefined } {
    const generation = this.generation
    const fresh = new Map<string, { id: string; dataKey: string }>()
    // Compared by identity, not hashed: the strings React hands over are these very ones.
    const handedOut: Entry[] = []
    return {
      lookup: (id, dataKey) => {
        const key = `${pathname}\u0000${id}`
        const entry = this.entries.get(key)
        if (entry && entry.dataKey === dataKey && Date.now() - entry.storedAt < this.limits.ttlMs) {
          // Most recently used last: the first key is the one to drop.
          this.entries.delete(key)
          this.entries.set(key, entry)
          handedOut.push(entry)
          return entry.html
        }
        fresh.set(key, { id, dataKey })
        return undefined
      },
      storeFrom: (page) => {
        if (generation !== this.generation) return
        for (const [key, { id, dataKey }] of fresh) {
          const range = islandInnerRange(page, id)
          if (range === undefined) continue
          // A copy: a view would keep the whole page in memory.
          const bytes = Buffer.from(page.subarray(...range))
          this.entries.delete(key)
          this.entries.set(key, { dataKey, html: bytes.toString('utf8'), bytes, storedAt: Date.now() })
        }
        for (const key of this.entries.keys()) {
          if (this.entries.size <= this.limits.maxEntries) break
          this.entries.delete(key)
        }
      },
      bytesOf: (html) => handedOut.find((entry) => entry.html === html)?.bytes,
    }
  }
}
