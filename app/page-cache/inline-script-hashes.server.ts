import { createHash } from 'node:crypto'

// A cached page is the same bytes for every visitor, so it cannot carry a per-response CSP nonce
// (a nonce sent twice is no nonce, and a browser revalidating with If-None-Match would keep the
// old nonce against a new header). Instead its CSP allows exactly the inline scripts it contains,
// by their SHA-256 hashes: as strict as the nonce (nothing else inline runs), and fixed with the bytes.

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
// Data blocks (JSON-LD) are never executed, so CSP does not govern them.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i
const EXTERNAL = /\bsrc\s*=/i

/** CSP hash sources ('sha256-…') for every inline script in an HTML document, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (EXTERNAL.test(attributes) || DATA_BLOCK.test(attributes)) continue
    // The browser hashes the text after HTML input preprocessing, which turns CR LF and CR into LF.
    const text = content.replace(/\r\n?/g, '\n')
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}
