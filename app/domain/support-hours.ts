import { BUSINESS } from './business'
import { BUSINESS_TIME_ZONE, easternInstant, easternWallTime } from './eastern-time'

// When someone answers the support chat (SPEC §1 business hours: Monday to Friday, 8:30 AM to
// 5:30 PM Eastern, closed at weekends), and when a visitor writing outside them can expect an
// answer. Pure, so the widget formats what the server computed and tests pick the instant.

function clockMinutes(time: string) {
  const [hours, minutes] = time.split(':').map(Number)
  return hours! * 60 + minutes!
}

const OPENS = clockMinutes(BUSINESS.hours.opens)
const CLOSES = clockMinutes(BUSINESS.hours.closes)
const WEEKDAYS = new Set([1, 2, 3, 4, 5])
/** How long after the office opens (or after a message in hours) an answer usually comes. */
export const USUAL_REPLY_MINUTES = 60

/** `business`: the hours above; `always` and `closed` override them (a holiday, a demo). */
export type SupportHoursMode = 'business' | 'always' | 'closed'

export function isWithinSupportHours(now: Date, mode: SupportHoursMode = 'business') {
  if (mode !== 'business') return mode === 'always'
  const wall = easternWallTime(now)
  return WEEKDAYS.has(wall.weekday) && wall.minutes >= OPENS && wall.minutes < CLOSES
}

/** The next time the office opens, strictly after `now` (Monday 8:30 AM ET on a Friday evening). */
export function nextOpening(now: Date): Date {
  const today = easternWallTime(now)
  for (let days = 0; days <= 7; days++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days))
    if (!WEEKDAYS.has(date.getUTCDay())) continue
    const opening = easternInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), OPENS)
    if (opening > now) return opening
  }
  throw new Error('no opening within a week')
}

/**
 * When a visitor whom nobody is answering live can expect a reply: within the hour during business
 * hours (if that is before closing), else an hour after the office next opens.
 */
export function nextReplyBy(now: Date, mode: SupportHoursMode = 'business'): Date {
  const inAnHour = new Date(now.getTime() + USUAL_REPLY_MINUTES * 60_000)
  if (mode === 'always') return inAnHour
  if (mode === 'business' && isWithinSupportHours(now) && isWithinSupportHours(inAnHour)) return inAnHour
  return new Date(nextOpening(now).getTime() + USUAL_REPLY_MINUTES * 60_000)
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit' })
const weekdayName = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, weekday: 'long' })

/** "9:30 AM ET Monday", "9:30 AM ET tomorrow", "2:15 PM ET today": Eastern time, for every visitor. */
export function describeReplyBy(replyBy: Date, now: Date): string {
  const days = dayNumber(replyBy) - dayNumber(now)
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : weekdayName.format(replyBy)
  return `${timeOfDay.format(replyBy)} ET ${day}`
}

function dayNumber(instant: Date) {
  const wall = easternWallTime(instant)
  return Date.UTC(wall.year, wall.month - 1, wall.day) / 86_400_000
}

/** The line under the chat's title: who is there, or when to expect an answer. */
export function availabilityText({ online, nextReplyBy }: { online: boolean; nextReplyBy?: string }, now = new Date()) {
  if (online) return 'Online now: we usually answer within a few minutes'
  if (!nextReplyBy) return "We'll answer by e-mail as soon as we can"
  return `We'll answer by e-mail, usually by ${describeReplyBy(new Date(nextReplyBy), now)}`
}
