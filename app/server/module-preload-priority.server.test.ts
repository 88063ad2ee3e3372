import { describe, expect, it } from 'vitest'
import { lowerModulePreloadPriority } from './module-preload-priority.server'

const lowered = (html: string) => lowerModulePreloadPriority(Buffer.from(html)).toString('utf8')

describe('lowerModulePreloadPriority', () => {
  it('marks every module preload low priority and leaves the rest alone, multi-byte characters included', () => {
    const html = '<head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head><body>é ✓</body>'
    expect(lowered(html)).toBe(
      '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>é ✓</body>',
    )
  })

  it('gives back a page without module preloads as it is, and handles one at the very start or end', () => {
    expect(lowered('<p>no scripts</p>')).toBe('<p>no scripts</p>')
    expect(lowered('<link rel="modulepreload"')).toBe('<link rel="modulepreload" fetchpriority="low"')
  })
})
