import { describe, expect, it } from 'vitest'
import { formatCount, plural } from './plural'

describe('counts in words', () => {
  it('say one of a thing in the singular and every other count in the plural', () => {
    expect(formatCount(1, 'account')).toBe('1 account')
    expect(formatCount(0, 'account')).toBe('0 accounts')
    expect(formatCount(2, 'submission')).toBe('2 submissions')
    expect(formatCount(1204, 'visit')).toBe('1,204 visits')
  })

  it('know the irregular plurals the site uses', () => {
    expect(formatCount(1, 'enquiry')).toBe('1 enquiry')
    expect(formatCount(3, 'enquiry')).toBe('3 enquiries')
    expect(plural('reply', 2)).toBe('replies')
  })
})
