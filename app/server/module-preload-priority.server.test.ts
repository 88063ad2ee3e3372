import { describe, expect, it } from 'vitest'
import { lowerModulePreloadPriority } from './module-preload-priority.server'

describe('lowerModulePreloadPriority', () => {
  it('marks every module preload low priority and leaves the rest alone', () => {
    const html = '<head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head><body>é ✓</body>'
    expect(lowerModulePreloadPriority(html)).toBe(
      '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>é ✓</body>',
    )
  })
})
