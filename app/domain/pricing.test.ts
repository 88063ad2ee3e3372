import { describe, expect, it } from 'vitest'
import { InvalidQuoteError, defaultUsersForPlan, formatCents, formatDollars, parseMs365Option, pluralizeUsers, quote } from './pricing'

const professional = { name: 'Professional', price: 249 }

describe('monthly quote', () => {
  it.each([
    // option, users, backup, expected total in cents
    ['none', 20, false, 24900],
    ['none', 20, true, 24900], // backup needs an option
    ['business_standard', 20, false, 24900 + 1250 * 20],
    ['business_standard', 20, true, 24900 + 1250 * 20 + 495 * 20],
    ['business_premium', 1, false, 24900 + 2200],
    ['business_premium', 7, true, 24900 + 2200 * 7 + 495 * 7],
    ['e3', 50, false, 24900 + 3600 * 50],
    ['e3', 1000, true, 24900 + 3600 * 1000 + 495 * 1000],
  ] as const)('%s with %i users, backup %s, totals %i cents', (option, users, backup, total) => {
    expect(quote({ plan: professional, ms365Option: option, users, includeCloudBackup: backup }).totalCents).toBe(total)
  })

  it('keeps cents exact where floating point would drift', () => {
    // 4.95 × 3 is 14.850000000000001 in floating point.
    const result = quote({ plan: { name: 'Essential', price: 0.1 }, ms365Option: 'business_standard', users: 3, includeCloudBackup: true })
    expect(result.backupCents).toBe(1485)
    expect(result.totalCents).toBe(10 + 3750 + 1485)
  })

  it('lists the plan, option and backup lines with singular and plural users', () => {
    const one = quote({ plan: professional, ms365Option: 'e3', users: 1, includeCloudBackup: true })
    expect(one.lines.map((line) => line.kind)).toEqual(['plan', 'ms365', 'backup'])
    expect(one.lines[1]?.detail).toBe('1 user × $36.00/month')
    const many = quote({ plan: professional, ms365Option: 'e3', users: 2, includeCloudBackup: false })
    expect(many.lines.map((line) => line.kind)).toEqual(['plan', 'ms365'])
    expect(many.lines[1]?.detail).toBe('2 users × $36.00/month')
  })

  it.each([0, -1, 1001, 1_000_000, 2.5, Number.NaN])('refuses %s users when an option is chosen', (users) => {
    expect(() => quote({ plan: professional, ms365Option: 'business_standard', users, includeCloudBackup: false })).toThrow(
      InvalidQuoteError,
    )
  })

  it('ignores the user count when no option is chosen', () => {
    expect(quote({ plan: professional, ms365Option: 'none', users: 0, includeCloudBackup: true }).totalCents).toBe(24900)
  })
})

describe('pricing helpers', () => {
  it.each([
    ['Essential', 10],
    ['PROFESSIONAL', 20],
    ['enterprise', 50],
    ['Starter', 1],
    [undefined, 1],
  ])('default users for %s is %i', (name, users) => {
    expect(defaultUsersForPlan(name)).toBe(users)
  })

  it('treats an unknown option as none', () => {
    expect(parseMs365Option('e5')).toBe('none')
    expect(parseMs365Option(null)).toBe('none')
    expect(parseMs365Option('business_premium')).toBe('business_premium')
  })

  it('formats cents as dollars with two decimals', () => {
    expect(formatCents(123456)).toBe('$1,234.56')
    expect(formatCents(0)).toBe('$0.00')
    expect(pluralizeUsers(1)).toBe('1 user')
    expect(formatDollars(1234.5)).toBe('$1,234.50')
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30')
  })

  it('formats every amount as Intl.NumberFormat would, thousands separators and negatives included', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    const amounts = [-123456, -5, -1, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, 100_000_000_000]
    for (let cents = 0; cents < 300_000; cents += 997) amounts.push(cents)
    for (const cents of amounts) expect(formatCents(cents), String(cents)).toBe(`$${intl.format(cents / 100)}`)
  })
})
