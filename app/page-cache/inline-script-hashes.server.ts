import { createHash, randomBytes } from 'node:crypto'

// A cached page is the same bytes for every visitor, so it cannot carry a per-response CSP nonce
// (a nonce sent twice is no nonce, and a browser revalidating with If-None-Match would keep the
// old nonce against a new header). Instead its CSP allows the inline scripts the render itself
// emitted, by their SHA-256 hashes. The render is given a marker in place of the nonce (React and
// React Router put it on every script they write); only scripts carrying it are hashed, so a
// script that reached the HTML any other way (injected through content) stays blocked.

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
// Data blocks (JSON-LD) are never executed, so CSP does not govern them.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i
const EXTERNAL = /\bsrc\s*=/i

/** A fresh marker for one render: random, so content cannot carry it ahead of time. */
export function freshScriptMarker() {
  return randomBytes(18).toString('base64url')
}

/**
 * CSP hash sources ('sha256-…') for the inline scripts marked with this render's marker, in
 * document order, and the HTML with the marker taken out (the cached page carries no nonce).
 */
export function emittedScriptHashes(html: string, marker: string): { html: string; hashes: string[] } {
  const markerAttribute = ` nonce="${marker}"`
  const hashes = new Set<string>()
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (!attributes.includes(markerAttribute)) continue
    if (EXTERNAL.test(attributes) || DATA_BLOCK.test(attributes)) continue
    // The browser hashes the text after HTML input preprocessing, which turns CR LF and CR into LF.
    const text = content.replace(/\r\n?/g, '\n')
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return { html: html.replaceAll(markerAttribute, ''), hashes: [...hashes] }
}
