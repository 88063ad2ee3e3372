import { describe, expect, it } from 'vitest'
import { easternInstant } from './eastern-time'
import { availabilityText, describeReplyBy, isWithinSupportHours, nextOpening, nextReplyBy } from './support-hours'

describe('support hours (Monday to Friday, 8:30 AM to 5:30 PM Eastern)', () => {
  it('are open on a weekday between 8:30 and 17:30 in Roswell, whatever the UTC date', () => {
    // Tuesday 24 November 2026 (EST, UTC-5).
    expect(isWithinSupportHours(new Date('2026-11-24T13:29:00Z'))).toBe(false) // 8:29
    expect(isWithinSupportHours(new Date('2026-11-24T13:30:00Z'))).toBe(true) // 8:30
    expect(isWithinSupportHours(new Date('2026-11-24T22:29:00Z'))).toBe(true) // 17:29
    expect(isWithinSupportHours(new Date('2026-11-24T22:30:00Z'))).toBe(false) // 17:30
    // Saturday noon.
    expect(isWithinSupportHours(new Date('2026-11-28T17:00:00Z'))).toBe(false)
  })

  it('follow daylight saving time: 8:30 AM is 12:30 UTC in July', () => {
    expect(isWithinSupportHours(new Date('2026-07-07T12:29:00Z'))).toBe(false)
    expect(isWithinSupportHours(new Date('2026-07-07T12:30:00Z'))).toBe(true)
  })

  it('can be overridden to always open or closed', () => {
    expect(isWithinSupportHours(new Date('2026-11-28T17:00:00Z'), 'always')).toBe(true)
    expect(isWithinSupportHours(new Date('2026-11-24T15:00:00Z'), 'closed')).toBe(false)
  })
})

describe('easternInstant', () => {
  it('turns a Roswell wall time into the instant, on either side of the clock changes', () => {
    expect(easternInstant(2026, 11, 2, 510).toISOString()).toBe('2026-11-02T13:30:00.000Z') // after fall back
    expect(easternInstant(2026, 10, 30, 510).toISOString()).toBe('2026-10-30T12:30:00.000Z') // before
    expect(easternInstant(2026, 3, 9, 510).toISOString()).toBe('2026-03-09T12:30:00.000Z') // after spring forward
    expect(easternInstant(2026, 3, 6, 510).toISOString()).toBe('2026-03-06T13:30:00.000Z') // before
  })
})

describe('when a visitor can expect a reply', () => {
  it('is 9:30 AM ET Monday on a Friday evening, across the weekend', () => {
    const fridayEvening = new Date('2026-11-27T23:00:00Z') // 18:00 EST
    expect(nextOpening(fridayEvening).toISOString()).toBe('2026-11-30T13:30:00.000Z')
    const replyBy = nextReplyBy(fridayEvening)
    expect(replyBy.toISOString()).toBe('2026-11-30T14:30:00.000Z')
    expect(describeReplyBy(replyBy, fridayEvening)).toBe('9:30 AM ET Monday')
    expect(availabilityText({ online: false, nextReplyBy: replyBy.toISOString() }, fridayEvening)).toBe(
      "We'll answer by e-mail, usually by 9:30 AM ET Monday",
    )
  })

  it('is the same morning before opening, and the next morning after closing', () => {
    const early = new Date('2026-11-24T11:00:00Z') // Tuesday 6:00
    expect(describeReplyBy(nextReplyBy(early), early)).toBe('9:30 AM ET today')
    const late = new Date('2026-11-25T01:00:00Z') // Tuesday 20:00 EST, Wednesday in UTC
    expect(describeReplyBy(nextReplyBy(late), late)).toBe('9:30 AM ET tomorrow')
  })

  it('is within the hour during business hours, unless that runs past closing', () => {
    const tuesdayTen = new Date('2026-11-24T15:00:00Z')
    expect(nextReplyBy(tuesdayTen).toISOString()).toBe('2026-11-24T16:00:00.000Z')
    const tuesdayFiveFifteen = new Date('2026-11-24T22:15:00Z')
    expect(describeReplyBy(nextReplyBy(tuesdayFiveFifteen), tuesdayFiveFifteen)).toBe('9:30 AM ET tomorrow')
  })

  it('crosses the spring clock change: Friday 6 March evening → Monday 9 March 9:30 EDT', () => {
    const friday = new Date('2026-03-06T23:00:00Z')
    expect(nextReplyBy(friday).toISOString()).toBe('2026-03-09T13:30:00.000Z')
  })

  it('says online when staff are there', () => {
    expect(availabilityText({ online: true })).toMatch(/^Online/)
  })
})
