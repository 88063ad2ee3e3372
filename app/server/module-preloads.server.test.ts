import { describe, expect, it } from 'vitest'
import { withoutModulePreloads } from './module-preloads.server'

const rewritten = (html: string) => withoutModulePreloads(Buffer.from(html)).toString('utf8')

describe('withoutModulePreloads', () => {
  it('takes out every module preload and leaves the rest alone, multi-byte characters included', () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js"/><meta charset="utf-8"/><link rel="modulepreload" href="/b.js"/><link rel="icon" href="/i.svg"/></head><body>é ✓<script type="module">import "/a.js"</script></body>'
    expect(rewritten(html)).toBe(
      '<head><meta charset="utf-8"/><link rel="icon" href="/i.svg"/></head><body>é ✓<script type="module">import "/a.js"</script></body>',
    )
  })

  it('gives back a page without module preloads as it is, and handles one at the very start, at the end, or cut short', () => {
    expect(rewritten('<p>no scripts</p>')).toBe('<p>no scripts</p>')
    expect(rewritten('<link rel="modulepreload" href="/a.js"/><p>x</p>')).toBe('<p>x</p>')
    expect(rewritten('<p>x</p><link rel="modulepreload" href="/a.js"/>')).toBe('<p>x</p>')
    expect(rewritten('<p>x</p><link rel="modulepreload" href="/a.js"')).toBe('<p>x</p><link rel="modulepreload" href="/a.js"')
  })
})
