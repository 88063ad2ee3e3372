import { BUSINESS_TIME_ZONE } from './eastern-time'

// Staff pages show times in the company's own time zone, so the server's rendering and the
// browser's hydration agree whatever the machine's zone.
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE })

export function formatAdminDate(value: Date | string | null | undefined): string {
  if (!value) return 'N/A'
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? 'N/A' : `${dateTimeFormat.format(date)} ET`
}

// SPEC §3 contact service choices (value: label); unknown values are shown as stored.
const SERVICE_LABELS: Record<string, string> = {
  'managed-it': 'IT Managed Services',
  network: 'Network Support & Maintenance',
  cybersecurity: 'Cybersecurity Services',
  hardware: 'Hardware Procurement & Integration',
  telecom: 'Telecommunications Services',
  voip: 'VoIP Services',
  cellular: 'Cellular Services',
  internet: 'Internet Services',
  cloud: 'Cloud Services',
  virtual: 'Virtual Infrastructure',
  saas: 'Software-as-a-Service',
  consulting: 'IT Consulting',
  other: 'Other',
}

export function serviceLabel(value: string | null | undefined): string | null {
  if (!value) return null
  return SERVICE_LABELS[value] ?? value
}
