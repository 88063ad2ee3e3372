import { describe, expect, it } from 'vitest'
import { addVisitor, emptySketch, estimateVisitors, mergeSketchInto, sketchFromBase64, sketchToBase64 } from './visitor-sketch'

describe('visitor sketch', () => {
  it('counts small numbers of visitors exactly and ignores repeats', () => {
    const sketch = emptySketch()
    for (const key of ['v1', 'v2', 'v1', 'v3', 'v2']) addVisitor(sketch, key)
    expect(estimateVisitors(sketch)).toBe(3)
    expect(estimateVisitors(emptySketch())).toBe(0)
  })

  it('stays within a few percent for a day of a busy site, merged from two instances', () => {
    const one = emptySketch()
    const two = emptySketch()
    for (let i = 0; i < 50_000; i++) addVisitor(i % 2 ? one : two, `visitor-${i}`)
    for (let i = 0; i < 10_000; i++) addVisitor(two, `visitor-${i}`) // seen on both instances
    mergeSketchInto(one, two)
    expect(Math.abs(estimateVisitors(one) - 50_000) / 50_000).toBeLessThan(0.05)
    const restored = sketchFromBase64(sketchToBase64(one))
    expect(estimateVisitors(restored)).toBe(estimateVisitors(one))
  })
})
