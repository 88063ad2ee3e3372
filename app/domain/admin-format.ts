import { BUSINESS_TIME_ZONE } from './eastern-time'

// Staff pages show times in the company's own time zone, so the server's rendering and the
// browser's hydration agree whatever the machine's zone.
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE })

export function formatAdminDate(value: Date | string | null | undefined): string {
  if (!value) return 'N/A'
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? 'N/A' : `${dateTimeFormat.format(date)} ET`
}

const hourFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: BUSINESS_TIME_ZONE })
const dayHourFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', timeZone: BUSINESS_TIME_ZONE })

/** An hour on the staff charts, in Eastern time: '3 PM'. */
export function formatHour(value: Date | string): string {
  return hourFormat.format(new Date(value))
}

/** An hour with its weekday, in Eastern time: 'Mon 3 PM'. */
export function formatDayHour(value: Date | string): string {
  return dayHourFormat.format(new Date(value))
}
