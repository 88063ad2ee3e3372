import { describe, expect, it } from 'vitest'
import { easternDate } from './eastern-time'

describe('easternDate', () => {
  it('is still the previous day in Roswell late in the evening, after midnight UTC', () => {
    // 03:30 UTC on 24 November is 22:30 EST on the 23rd.
    expect(easternDate(new Date('2026-11-24T03:30:00Z'))).toBe('2026-11-23')
    expect(easternDate(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-24')
  })

  it('follows daylight saving time (UTC-4 in summer)', () => {
    expect(easternDate(new Date('2026-07-04T03:59:00Z'))).toBe('2026-07-03')
    expect(easternDate(new Date('2026-07-04T04:00:00Z'))).toBe('2026-07-04')
  })
})
