import { BUSINESS_TIME_ZONE } from './eastern-time'

// Staff pages show times in the company's own time zone, so the server's rendering and the
// browser's hydration agree whatever the machine's zone.
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE })

export function formatAdminDate(value: Date | string | null | undefined): string {
  if (!value) return 'N/A'
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? 'N/A' : `${dateTimeFormat.format(date)} ET`
}
