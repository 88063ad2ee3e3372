// The company works on Eastern time (SPEC §1: hours are 8:30 AM to 5:30 PM ET), so dates staff see
// and file names they keep follow New York's calendar, daylight-saving changes included, whatever
// the server's own time zone.

export const BUSINESS_TIME_ZONE = 'America/New_York'

const calendarDate = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Eastern calendar date of an instant as YYYY-MM-DD (e.g. for file names). */
export function easternDate(instant: Date): string {
  return calendarDate.format(instant)
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

/** What a clock on a wall in Roswell shows at an instant: date, weekday (0 = Sunday) and minutes. */
export type EasternWallTime = { year: number; month: number; day: number; weekday: number; minutes: number }

export function easternWallTime(instant: Date): EasternWallTime {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]))
  const year = Number(parts.year)
  const month = Number(parts.month)
  const day = Number(parts.day)
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/** Eastern time's offset from UTC at an instant, in minutes (-300 in winter, -240 in summer). */
function easternOffsetMinutes(instant: number) {
  const wall = easternWallTime(new Date(instant))
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minutes)
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000)
}

/**
 * The instant at which Roswell's clocks show a date and time. Offsets are read for the day asked
 * for, so 8:30 AM is 13:30 UTC in January and 12:30 UTC in July. (A time inside the spring-forward
 * gap resolves to the hour after; business hours never fall there.)
 */
export function easternInstant(year: number, month: number, day: number, minutes: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes)
  const first = asUtc - easternOffsetMinutes(asUtc) * 60_000
  return new Date(asUtc - easternOffsetMinutes(first) * 60_000)
}
