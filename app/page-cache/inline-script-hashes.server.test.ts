import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { emittedScriptHashes, freshScriptMarker } from './inline-script-hashes.server'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const M = 'render-marker'

describe('emittedScriptHashes', () => {
  it('hashes every marked inline script as the browser reads it', () => {
    const html =
      `<head><script nonce="${M}">window.a = 1</script><script type="module" nonce="${M}" async="">import "/assets/x.js";</script></head>` +
      `<body><SCRIPT nonce="${M}">b()\r\nc()</SCRIPT ><script nonce="${M}">window.a = 1</script></body>`
    expect(emittedScriptHashes(html, M).hashes).toEqual([sha('window.a = 1'), sha('import "/assets/x.js";'), sha('b()\nc()')])
  })

  it('leaves out external scripts and JSON data blocks, which CSP hashes do not govern', () => {
    const html =
      `<script nonce="${M}" src="/assets/app.js"></script><script type="application/ld+json">{"@type":"Organization"}</script>` +
      `<script nonce="${M}" type=application/json>{}</script><script nonce="${M}">go()</script>`
    expect(emittedScriptHashes(html, M).hashes).toEqual([sha('go()')])
  })

  it('L2: does not allow an inline script the render did not emit, even one carrying a guessed nonce', () => {
    const html =
      `<main><p>Article</p><script>steal(document.cookie)</script><script nonce="guess">steal(2)</script></main>` +
      `<script nonce="${M}">hydrate()</script>`
    const { html: stored, hashes } = emittedScriptHashes(html, M)
    expect(hashes).toEqual([sha('hydrate()')])
    expect(stored).not.toContain(M)
    expect(stored).toContain('<script>hydrate()</script>')
  })

  it('draws a different marker for every render', () => {
    expect(freshScriptMarker()).not.toBe(freshScriptMarker())
    expect(freshScriptMarker()).toMatch(/^[\w-]{24}$/)
  })
})
