import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from './inline-script-hashes.server'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('hashes every inline script as the browser reads it', () => {
    const html =
      '<head><script>window.a = 1</script><script type="module" async="">import "/assets/x.js";</script></head>' +
      '<body><SCRIPT>b()\r\nc()</SCRIPT ><script>window.a = 1</script></body>'
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = 1'), sha('import "/assets/x.js";'), sha('b()\nc()')])
  })

  it('leaves out external scripts and JSON data blocks, which CSP hashes do not govern', () => {
    const html =
      '<script src="/assets/app.js"></script><script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script type=application/json>{}</script><script>go()</script>'
    expect(inlineScriptHashes(html)).toEqual([sha('go()')])
  })
})
