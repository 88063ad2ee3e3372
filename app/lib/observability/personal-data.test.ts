import { describe, expect, it } from 'vitest'
import { maskPersonalData } from './personal-data'
import { cpuMillisecondsOf } from '#tests/support/cpu-time'

describe('the last net for free text in log lines', () => {
  it('masks e-mail addresses, phone numbers and card numbers', () => {
    expect(maskPersonalData('550 <pat.delgado+quote@northside-motors.example> rejected')).toBe('550 <[email]> rejected')
    expect(maskPersonalData('call (770) 555-0199 or +1 770.555.0199')).toBe('call ([number] or [number]')
    expect(maskPersonalData('card 4242 4242 4242 4242 declined')).toBe('card [number] declined')
    expect(maskPersonalData('dup key: { phone: "7705550199" }')).toBe('dup key: { phone: "[number]" }')
    expect(maskPersonalData('/news/pat@example.com/more')).toBe('/news/[email]/more')
  })

  it('keeps ids, timestamps, statuses and versions readable', () => {
    const text = 'outbox 64f1a2b3c4d5e6f701234567 attempt 3 at 2026-08-26T12:00:00.000Z: Teams answered 503 (v0.203.0) port 27017'
    expect(maskPersonalData(text)).toBe(text)
    expect(maskPersonalData('/news/managed-it-for-dealerships')).toBe('/news/managed-it-for-dealerships')
  })
  it('H1: masks a long path without an address in linear time', () => {
    const hostile = `/${'a'.repeat(30_000)}@b`
    const used = cpuMillisecondsOf(() => {
      expect(maskPersonalData(hostile)).toBe(hostile)
      expect(maskPersonalData(`${'a.'.repeat(10_000)}@x`)).toBe(`${'a.'.repeat(10_000)}@x`)
    })
    expect(used).toBeLessThan(100)
    expect(maskPersonalData('to:pat@example.com')).toBe('to:[email]')
  })
})
