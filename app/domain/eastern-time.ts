// The company works on Eastern time (SPEC §1: hours are 8:30 AM to 5:30 PM ET), so dates staff see
// and file names they keep follow New York's calendar, daylight-saving changes included, whatever
// the server's own time zone.

export const BUSINESS_TIME_ZONE = 'America/New_York'

const calendarDate = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Eastern calendar date of an instant as YYYY-MM-DD (e.g. for file names). */
export function easternDate(instant: Date): string {
  return calendarDate.format(instant)
}
