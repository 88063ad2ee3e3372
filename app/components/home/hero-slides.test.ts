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
})
