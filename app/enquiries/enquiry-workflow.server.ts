import { isValidObjectId, type QueryFilter } from 'mongoose'
import type { RouterContextProvider } from 'react-router'
import { Contact, type ContactDocument } from '#app/enquiries/contact-model.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { type AuditActor, recordAudit } from '#app/staff/audit.server'
import { User } from '#app/staff/user-model.server'
import { pageWindow } from '#app/lib/pagination'
import { csvRow, csvTextCell } from '#app/analytics/csv'
import { easternInstant } from '#app/domain/eastern-time'
import { serviceLabel } from '#app/domain/contact-form-fields'
import { ENQUIRY_STATUS_LABELS, type EnquiryFilters, type EnquiryStatus, enquiryStatusOf, messageSnippet } from '#app/domain/enquiry'

// Staff's work on enquiries: the filtered list, one enquiry with its notes and replies, and the
// changes (status, owner, note, reply, bulk close), each written to the audit trail.

export const ENQUIRIES_PER_PAGE = 50
/** The CSV export's ceiling: a year of enquiries at today's pace, many times over. */
export const ENQUIRY_EXPORT_LIMIT = 10_000

type Context = Pick<RouterContextProvider, 'get'>
export type EnquiryActor = NonNullable<AuditActor>
type ChangedBy = { actor: EnquiryActor; context: Context }

export type StaffMember = { id: string; username: string; name: string }

/** Everyone who can own an enquiry, by name (disabled accounts keep what they own but are not offered). */
export async function listEnquiryOwners({ withDisabled = false } = {}): Promise<StaffMember[]> {
  const users = await User.find(withDisabled ? { demo: { $ne: true } } : { demo: { $ne: true }, disabled: { $ne: true } }, {
    username: 1,
    name: 1,
  })
    .sort({ username: 1 })
    .lean()
  return users.map((user) => ({ id: String(user._id), username: user.username, name: user.name?.trim() || user.username }))
}

export type EnquiryNote = { at: string; author: string; text: string }
export type EnquiryReply = { at: string; author: string; replyTo: string | null; subject: string; text: string }

export type EnquiryListItem = {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string | null
  service: string | null
  snippet: string
  status: EnquiryStatus
  assignee: StaffMember | null
}

export type EnquiryDetail = Omit<EnquiryListItem, 'snippet'> & {
  message: string
  notes: EnquiryNote[]
  replies: EnquiryReply[]
}

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** YYYY-MM-DD (Eastern) to the instant the day starts; `end` gives the start of the next day. */
function easternDayStart(day: string, end = false) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  // Date.UTC rolls the 32nd over into the next month.
  return easternInstant(year, month, end ? date + 1 : date, 0)
}

export function enquiryQuery(filters: EnquiryFilters): QueryFilter<ContactDocument> {
  const and: QueryFilter<ContactDocument>[] = []
  const words = filters.search.trim()
  if (words) {
    const pattern = { $regex: escapeRegex(words.slice(0, 200)), $options: 'i' }
    and.push({ $or: [{ name: pattern }, { email: pattern }, { message: pattern }] })
  }
  // Stored before the workflow: no status, which reads as new.
  if (filters.status === 'new') and.push({ status: { $nin: ['contacted', 'closed'] } })
  else if (filters.status) and.push({ status: filters.status })
  if (filters.service === 'none') and.push({ service: { $in: [null, ''] } })
  else if (filters.service) and.push({ service: filters.service })
  if (filters.assignee === 'none') and.push({ assigneeId: { $in: [null, ''] } })
  else if (filters.assignee) and.push({ assigneeId: filters.assignee })
  const createdAt: { $gte?: Date; $lt?: Date } = {}
  if (filters.from) createdAt.$gte = easternDayStart(filters.from)
  if (filters.to) createdAt.$lt = easternDayStart(filters.to, true)
  if (createdAt.$gte || createdAt.$lt) and.push({ createdAt })
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and }
}

const LIST_FIELDS = { name: 1, email: 1, phone: 1, service: 1, message: 1, createdAt: 1, status: 1, assigneeId: 1 } as const

type ListedDoc = Pick<ContactDocument, 'name' | 'email' | 'phone' | 'service' | 'message' | 'createdAt' | 'status' | 'assigneeId'> & {
  _id: unknown
}

function ownerOf(assigneeId: string | null | undefined, owners: Map<string, StaffMember>): StaffMember | null {
  if (!assigneeId) return null
  return owners.get(assigneeId) ?? { id: assigneeId, username: '', name: 'A removed account' }
}

function toListItem(doc: ListedDoc, owners: Map<string, StaffMember>): EnquiryListItem {
  return {
    id: String(doc._id),
    createdAt: doc.createdAt.toISOString(),
    name: doc.name,
    email: doc.email,
    phone: doc.phone ?? null,
    service: doc.service ?? null,
    snippet: messageSnippet(doc.message),
    status: enquiryStatusOf(doc.status),
    assignee: ownerOf(doc.assigneeId, owners),
  }
}

async function ownersById() {
  return new Map((await listEnquiryOwners({ withDisabled: true })).map((member) => [member.id, member]))
}

/** One page of enquiries matching the filters, newest first. */
export async function listEnquiries(filters: EnquiryFilters, page = 1) {
  const query = enquiryQuery(filters)
  const [total, owners] = await Promise.all([Contact.countDocuments(query), ownersById()])
  const window = pageWindow(total, page, ENQUIRIES_PER_PAGE)
  const docs = await Contact.find(query, LIST_FIELDS)
    .sort({ createdAt: -1, _id: -1 })
    .skip(window.skip)
    .limit(window.limit)
    .lean<ListedDoc[]>()
  return { enquiries: docs.map((doc) => toListItem(doc, owners)), total, page: window.page, pageCount: window.pageCount }
}

/** How many enquiries nobody has answered yet. */
export function countNewEnquiries() {
  return Contact.countDocuments({ status: { $nin: ['contacted', 'closed'] } })
}

type StoredNote = { at: Date; authorName?: string | null; text: string }
/** A stored enquiry's notes as staff read them, oldest first; one saved without its author's name reads "Staff". */
function notesOf(doc: { notes?: unknown }): EnquiryNote[] {
  return ((doc.notes ?? []) as StoredNote[]).map((note) => ({
    at: note.at.toISOString(),
    author: note.authorName || 'Staff',
    text: note.text,
  }))
}

type StoredReply = { at: Date; authorName?: string | null; replyTo?: string | null; subject: string; text: string }

export async function findEnquiry(id: string): Promise<EnquiryDetail | null> {
  if (!isValidObjectId(id)) return null
  const [doc, owners] = await Promise.all([Contact.findById(id).lean(), ownersById()])
  if (!doc) return null
  const { snippet: _snippet, ...item } = toListItem(doc, owners)
  return {
    ...item,
    message: doc.message,
    notes: notesOf(doc),
    replies: ((doc.replies ?? []) as StoredReply[]).map((reply) => ({
      at: reply.at.toISOString(),
      author: reply.authorName || 'Staff',
      replyTo: reply.replyTo ?? null,
      subject: reply.subject,
      text: reply.text,
    })),
  }
}

export type WorkflowResult<T = null> = { ok: true; value: T } | { ok: false; status: 400 | 404; message: string }

const NOT_FOUND = { ok: false, status: 404, message: 'That enquiry no longer exists.' } as const

async function authorName(actor: EnquiryActor) {
  const user = await User.findById(actor.id, { name: 1, username: 1 }).lean()
  return user?.name?.trim() || user?.username || actor.username
}

export async function setEnquiryStatus(id: string, status: EnquiryStatus, { actor, context }: ChangedBy): Promise<WorkflowResult> {
  if (!isValidObjectId(id)) return NOT_FOUND
  const before = await Contact.findOneAndUpdate({ _id: id }, { $set: { status, statusChangedAt: new Date() } }).lean()
  if (!before) return NOT_FOUND
  const previous = enquiryStatusOf(before.status)
  if (previous !== status) {
    await recordAudit({
      actor,
      context,
      kind: 'enquiry',
      action: `marked enquiry ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}`,
      target: `contact:${id}`,
      changes: { status: { before: previous, after: status } },
    })
  }
  return { ok: true, value: null }
}

export async function assignEnquiry(id: string, assigneeId: string | null, { actor, context }: ChangedBy): Promise<WorkflowResult> {
  if (!isValidObjectId(id)) return NOT_FOUND
  if (assigneeId) {
    const owner = await User.exists({ _id: assigneeId, disabled: { $ne: true }, demo: { $ne: true } })
    if (!owner) return { ok: false, status: 400, message: 'Choose a staff member from the list.' }
  }
  const update = assigneeId ? { $set: { assigneeId } } : { $unset: { assigneeId: 1 } }
  const before = await Contact.findOneAndUpdate({ _id: id }, update).lean()
  if (!before) return NOT_FOUND
  if ((before.assigneeId ?? null) !== assigneeId) {
    await recordAudit({
      actor,
      context,
      kind: 'enquiry',
      action: assigneeId ? 'assigned enquiry' : 'unassigned enquiry',
      target: `contact:${id}`,
      changes: { assignee: { before: before.assigneeId ?? null, after: assigneeId } },
    })
  }
  return { ok: true, value: null }
}

export async function addEnquiryNote(id: string, text: string, { actor, context }: ChangedBy): Promise<WorkflowResult> {
  if (!isValidObjectId(id)) return NOT_FOUND
  const note = { at: new Date(), authorId: actor.id, authorName: await authorName(actor), text }
  const result = await Contact.updateOne({ _id: id }, { $push: { notes: note } })
  if (result.matchedCount === 0) return NOT_FOUND
  // The note's words stay on the enquiry; the trail says a note was added, not what it said.
  await recordAudit({ actor, context, kind: 'enquiry', action: 'added a note to enquiry', target: `contact:${id}` })
  return { ok: true, value: null }
}

export type ReplyInput = { subject: string; text: string; replyTo: string; markContacted: boolean }

/**
 * Queues a reply e-mail to the visitor through the outbox (Reply-To the staff member, who keeps
 * that address on their account), keeps the reply on the enquiry and, by default, marks it contacted.
 */
export async function replyToEnquiry(id: string, input: ReplyInput, by: ChangedBy): Promise<WorkflowResult> {
  if (!isValidObjectId(id)) return NOT_FOUND
  const enquiry = await Contact.findById(id, { email: 1, status: 1 }).lean()
  if (!enquiry) return NOT_FOUND
  const { actor, context } = by
  await User.updateOne({ _id: actor.id }, { $set: { email: input.replyTo } })
  const reply = {
    at: new Date(),
    authorId: actor.id,
    authorName: await authorName(actor),
    replyTo: input.replyTo,
    subject: input.subject,
    text: input.text,
  }
  await Contact.updateOne({ _id: id }, { $push: { replies: reply } })
  const outboxId = await queueOutboxMessage('email', `enquiry-reply:${id}:${reply.at.getTime()}`, {
    to: enquiry.email,
    replyTo: input.replyTo,
    subject: input.subject,
    text: input.text,
  })
  deliverSoon(outboxId)
  await recordAudit({ actor, context, kind: 'enquiry', action: 'replied to enquiry by e-mail', target: `contact:${id}` })
  if (input.markContacted && enquiryStatusOf(enquiry.status) === 'new') await setEnquiryStatus(id, 'contacted', by)
  return { ok: true, value: null }
}

/** Closes the ticked enquiries; returns how many changed. One audit event each. */
export async function closeEnquiries(ids: string[], by: ChangedBy): Promise<number> {
  const valid = [...new Set(ids)].filter((id) => isValidObjectId(id))
  const open = await Contact.find({ _id: { $in: valid }, status: { $ne: 'closed' } }, { _id: 1 }).lean()
  for (const doc of open) await setEnquiryStatus(String(doc._id), 'closed', by)
  return open.length
}

export const ENQUIRY_CSV_HEADER = ['received', 'name', 'email', 'phone', 'service', 'status', 'owner', 'message']

/** The enquiries matching the filters as CSV (newest first, at most ENQUIRY_EXPORT_LIMIT). */
export async function enquiriesCsv(filters: EnquiryFilters): Promise<string> {
  const [docs, owners] = await Promise.all([
    Contact.find(enquiryQuery(filters), LIST_FIELDS).sort({ createdAt: -1, _id: -1 }).limit(ENQUIRY_EXPORT_LIMIT).lean<ListedDoc[]>(),
    ownersById(),
  ])
  const lines = [csvRow(ENQUIRY_CSV_HEADER)]
  for (const doc of docs) {
    lines.push(
      csvRow([
        csvTextCell(doc.createdAt.toISOString()),
        csvTextCell(doc.name),
        csvTextCell(doc.email),
        csvTextCell(doc.phone),
        csvTextCell(serviceLabel(doc.service) ?? ''),
        csvTextCell(enquiryStatusOf(doc.status)),
        csvTextCell(ownerOf(doc.assigneeId, owners)?.name ?? ''),
        csvTextCell(doc.message),
      ]),
    )
  }
  return lines.join('')
}

/** The signed-in person's reply address, for the reply form. */
export async function replyAddressOf(userId: string): Promise<string> {
  const user = await User.findById(userId, { email: 1 }).lean()
  return user?.email ?? ''
}

/** The status of each listed enquiry (the dashboard's submissions table). */
export async function enquiryStatuses(ids: string[]): Promise<Record<string, EnquiryStatus>> {
  if (ids.length === 0) return {}
  const docs = await Contact.find({ _id: { $in: ids } }, { status: 1 }).lean()
  return Object.fromEntries(docs.map((doc) => [String(doc._id), enquiryStatusOf(doc.status)]))
}

export type EnquiryApiItem = {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string | null
  service: string | null
  message: string
  status: EnquiryStatus
  assignee: { id: string; username: string; name: string } | null
  notes: EnquiryNote[]
}

/** One page of GET /api/admin/contacts: every enquiry (or those of one status), newest first. */
export async function listEnquiriesForApi({ page, limit, status }: { page: number; limit: number; status: EnquiryStatus | null }) {
  const query = enquiryQuery({ search: '', status, service: null, assignee: null, from: null, to: null })
  const [total, docs, owners] = await Promise.all([
    Contact.countDocuments(query),
    Contact.find(query, { ...LIST_FIELDS, notes: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    ownersById(),
  ])
  const items: EnquiryApiItem[] = docs.map((doc) => {
    const { snippet: _snippet, ...item } = toListItem(doc, owners)
    return {
      ...item,
      message: doc.message,
      notes: notesOf(doc),
    }
  })
  return { items, total }
}

/** PATCH /api/admin/contacts/:id: the same changes as the enquiry's page, each audited. */
export async function patchEnquiry(
  id: string,
  change: { status?: EnquiryStatus; assignee?: string | null; note?: string },
  by: ChangedBy,
): Promise<WorkflowResult<EnquiryApiItem>> {
  if (!isValidObjectId(id) || !(await Contact.exists({ _id: id }))) return NOT_FOUND
  if (change.assignee !== undefined) {
    const assigned = await assignEnquiry(id, change.assignee, by)
    if (!assigned.ok) return assigned
  }
  if (change.status) {
    const set = await setEnquiryStatus(id, change.status, by)
    if (!set.ok) return set
  }
  if (change.note) {
    const noted = await addEnquiryNote(id, change.note, by)
    if (!noted.ok) return noted
  }
  const detail = await findEnquiry(id)
  if (!detail) return NOT_FOUND
  const { replies: _replies, ...item } = detail
  return { ok: true, value: item }
}
