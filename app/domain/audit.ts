// What the audit trail records. Shared by the server, which writes events, and the
// owners' page, which filters them by kind.

export const AUDIT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'account',
  'totp',
  'content',
  'order-status',
  'csv-export',
  'privacy',
  'enquiry',
  'chat',
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'sign-in': 'Sign-in',
  'sign-in-failed': 'Failed sign-in',
  account: 'Account change',
  totp: 'Two-step verification',
  content: 'Content change',
  'order-status': 'Order status',
  'csv-export': 'CSV export',
  privacy: 'Personal data',
  enquiry: 'Enquiry',
  chat: 'Chat',
}

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && (AUDIT_KINDS as readonly string[]).includes(value)
}

/** Events are kept a year, then pruned by a background job. */
export const AUDIT_RETENTION_DAYS = 365

/** One changed field: its value before and after (JSON values; null when absent). */
export type FieldChange = { before: unknown; after: unknown }
export type AuditChanges = Record<string, FieldChange>
