// An enquiry's workflow as staff see it: its statuses, the limits of what staff write on it, and
// the forms' schemas, shared by the staff pages, their actions and the JSON API.
import { staffIdSchema } from './assignee'
import { z } from './zod'

export const ENQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' }

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && (ENQUIRY_STATUSES as readonly string[]).includes(value)
}

/** An enquiry stored before the workflow existed has no status: it has not been answered. */
export function enquiryStatusOf(stored: string | null | undefined): EnquiryStatus {
  return isEnquiryStatus(stored) ? stored : 'new'
}

export const NOTE_MAX = 2000
export const REPLY_SUBJECT_MAX = 200
export const REPLY_TEXT_MAX = 10_000
/** The most enquiries one bulk close takes (one page of the list). */
export const BULK_MAX = 100
export const SNIPPET_LENGTH = 90

/** The start of a message on one line, for the list. */
export function messageSnippet(message: string, length = SNIPPET_LENGTH) {
  const line = message.replace(/\s+/g, ' ').trim()
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line
}

export const enquiryStatusSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: 'Choose new, contacted or closed' }),
})

export const enquiryNoteSchema = z.object({
  note: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters`),
})

export const enquiryReplySchema = z.object({
  subject: z
    .string({ error: 'Write a subject' })
    .trim()
    .min(1, 'Write a subject')
    .max(REPLY_SUBJECT_MAX, `The subject is at most ${REPLY_SUBJECT_MAX} characters`),
  text: z
    .string({ error: 'Write the reply' })
    .trim()
    .min(1, 'Write the reply')
    .max(REPLY_TEXT_MAX, `A reply is at most ${REPLY_TEXT_MAX} characters`),
  replyTo: z.email({ error: 'Enter the e-mail address replies should come to' }).max(254, 'That address is too long'),
  /** Marks the enquiry contacted once the reply is queued (the usual case). */
  markContacted: z.preprocess((value) => value === 'on' || value === true, z.boolean()).default(false),
})

export const bulkCloseSchema = z.object({
  ids: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
    z
      .array(z.string().regex(/^[a-f\d]{24}$/i, 'Unknown enquiry'))
      .min(1, 'Tick the enquiries to close')
      .max(BULK_MAX, `At most ${BULK_MAX} at once`),
  ),
})

/** PATCH /api/admin/contacts/:id: any of the three; `assignee: null` takes the owner away. */
export const enquiryPatchSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES, { error: 'status must be new, contacted or closed' }).optional(),
    assignee: z.union([staffIdSchema, z.null()]).optional(),
    note: z.string().trim().min(1, 'note must not be empty').max(NOTE_MAX, `note is at most ${NOTE_MAX} characters`).optional(),
  })
  .strict()
  .refine((body) => body.status !== undefined || body.assignee !== undefined || body.note !== undefined, {
    message: 'Send status, assignee or note',
  })

/** The list's filters, from the address bar; anything unreadable is ignored. */
export type EnquiryFilters = {
  search: string
  status: EnquiryStatus | null
  service: string | null
  /** A staff id, or 'none' for enquiries without an owner. */
  assignee: string | null
  /** Dates as YYYY-MM-DD (Eastern). */
  from: string | null
  to: string | null
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function readEnquiryFilters(params: URLSearchParams): EnquiryFilters {
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || null
  const status = text('status')
  const assignee = text('assignee')
  const from = text('from')
  const to = text('to')
  return {
    search: text('q') ?? '',
    status: isEnquiryStatus(status) ? status : null,
    service: text('service')?.slice(0, 40) ?? null,
    assignee: assignee === 'none' || (assignee && /^[a-f\d]{24}$/i.test(assignee)) ? assignee : null,
    from: from && DAY.test(from) ? from : null,
    to: to && DAY.test(to) ? to : null,
  }
}
