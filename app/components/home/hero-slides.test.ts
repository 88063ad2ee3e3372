import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { HERO_SLIDES, wrapIndex } from './hero-slides'

describe('hero carousel order', () => {
  test('next from the last slide wraps to the first', () => {
    expect(wrapIndex(3, 1, 4)).toBe(0)
  })
  test('previous from the first slide wraps to the last', () => {
    expect(wrapIndex(0, -1, 4)).toBe(3)
  })
  test('there are four slides, each with alt text', () => {
    expect(HERO_SLIDES).toHaveLength(4)
    for (const slide of HERO_SLIDES) expect(slide.alt.length).toBeGreaterThan(10)
  })
  // Motion inside an <img> ignores prefers-reduced-motion and has no pause control, and it repaints
  // every frame: an animated slide kept a phone's main thread half busy while the page sat idle.
  test('every slide holds still: no animation inside the artwork', () => {
    for (const slide of HERO_SLIDES) {
      const artwork = readFileSync(new URL(`../../../public${slide.url}`, import.meta.url), 'utf8')
      expect(artwork, slide.url).not.toMatch(/<animate|<set\b|@keyframes|animation\s*:/)
    }
  })
})
