import { describe, expect, it } from 'vitest'
import { changesBetween, MAX_AUDITED_TEXT, REDACTED } from './audit.server'

describe('changesBetween', () => {
  it('lists only the fields whose values differ, with before and after', () => {
    const before = { name: 'Basic', price: 9900, features: ['Email', 'Backup'], popular: false, hidden: false }
    const after = { name: 'Basic', price: 12900, features: ['Email', 'Backup', 'Phone'], popular: false, hidden: false }
    expect(changesBetween(before, after)).toEqual({
      price: { before: 9900, after: 12900 },
      features: { before: ['Email', 'Backup'], after: ['Email', 'Backup', 'Phone'] },
    })
  })

  it('is empty when nothing changed, arrays and dates compared by content', () => {
    const when = new Date('2026-11-23T12:00:00Z')
    expect(changesBetween({ tags: ['a'], date: when }, { tags: ['a'], date: new Date(when) })).toEqual({})
  })

  it('records a created record as changes from nothing, and dates as ISO text', () => {
    expect(changesBetween(null, { title: 'Hello', date: new Date('2026-01-02T00:00:00Z') })).toEqual({
      title: { before: null, after: 'Hello' },
      date: { before: null, after: '2026-01-02T00:00:00.000Z' },
    })
  })

  it('compares only the fields asked for', () => {
    expect(changesBetween({ a: 1, b: 1 }, { a: 2, b: 2 }, ['b'])).toEqual({ b: { before: 1, after: 2 } })
  })

  it('never keeps the value of a secret field, only that it changed', () => {
    const changes = changesBetween({ password: 'scrypt$old', totpSecret: 'AAA' }, { password: 'scrypt$new', totpSecret: 'BBB' })
    expect(changes).toEqual({ password: { before: REDACTED, after: REDACTED }, totpSecret: { before: REDACTED, after: REDACTED } })
    expect(JSON.stringify(changes)).not.toMatch(/scrypt|AAA|BBB/)
  })

  it('cuts a long text, saying how much is left out', () => {
    const body = 'x'.repeat(MAX_AUDITED_TEXT + 25)
    const { body: change } = changesBetween({ body: 'short' }, { body })
    expect(change!.after).toBe(`${'x'.repeat(MAX_AUDITED_TEXT)}… (25 more characters)`)
  })
})
