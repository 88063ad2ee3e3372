import type { RouterContextProvider } from 'react-router'
import { pageWindow } from '#app/lib/pagination'
import { deleteInBatches } from '#app/lib/db/delete-in-batches.server'
import { AUDIT_RETENTION_DAYS, type AuditChanges, type AuditKind } from '#app/domain/audit'
import { requestInfo } from '#app/lib/http/request-context'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { addressKey } from '#app/analytics/access-log.server'
import { log } from '#app/lib/observability/logger.server'
import { User } from '#app/staff/user-model.server'
import { Order } from '#app/orders/order-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { Plan, Service, Solution, Testimonial } from '#app/catalogue/catalogue-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { ChatConversation } from '#app/chat/chat-model.server'
import { CONTENT_LABELS } from '#app/domain/content-rules'
import { formatDollars } from '#app/domain/pricing'

/** Who acted: the signed-in staff member (`requireAdmin`'s answer), or null (a failed sign-in). */
export type AuditActor = { id: string; username: string } | null

export type AuditEntry = {
  actor: AuditActor
  kind: AuditKind
  /** A short summary in words: 'changed price', 'disabled account', 'exported access log'. */
  action: string
  /** What was acted on: `plan:3`, `news:<id>`, `user:<id>`, `order:<id>`. */
  target?: string
  /** Changed fields only, as `changesBetween` makes them. */
  changes?: AuditChanges
  /** React Router's context in the loader or action: gives the request id and the client address. */
  context: Pick<RouterContextProvider, 'get'>
}

const MAX_ACTION = 200
const MAX_TARGET = 200

/**
 * Writes one event to the audit trail. Call it after the change is saved. A failed write is logged
 * as an error and not thrown: the change itself is saved, and answering it with an error page would
 * tell the staff member it was not.
 */
export async function recordAudit({ actor, kind, action, target, changes, context }: AuditEntry): Promise<void> {
  const { requestId, clientIp } = requestInfo(context)
  try {
    await AuditEvent.create({
      at: new Date(),
      kind,
      actorId: actor?.id ?? null,
      actorUsername: actor?.username ?? null,
      action: action.slice(0, MAX_ACTION),
      target: target?.slice(0, MAX_TARGET),
      changes: changes && Object.keys(changes).length > 0 ? changes : undefined,
      addressKey: await addressKey(clientIp),
      requestId,
    })
  } catch (error) {
    // Named fields only: no changes (they may hold personal data) in the log.
    log.error({ err: error, kind, action, target }, 'audit: event not recorded')
  }
}

/** Field names whose values never go into the trail: the event says they changed, not to what. */
const SECRET_FIELD = /password|secret|token|recovery|hash/i
export const REDACTED = '(hidden)'
/** Long values (an article body) are cut, so one event stays small. */
export const MAX_AUDITED_TEXT = 10_000

/** A value as the trail keeps it: JSON-shaped (dates as ISO text, ids as strings; absent is null), long text cut. */
function auditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null
  const plain: unknown = JSON.parse(JSON.stringify(value))
  if (typeof plain === 'string' && plain.length > MAX_AUDITED_TEXT) {
    return `${plain.slice(0, MAX_AUDITED_TEXT)}… (${plain.length - MAX_AUDITED_TEXT} more characters)`
  }
  return plain
}

function sameValue(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The fields that differ between a record before and after a change, `{field: {before, after}}`.
 * Compares the fields of `after` (what an edit sets), or only `fields` when given; values are
 * compared as JSON, so arrays (a plan's features) and dates compare by content. Secret fields
 * (passwords, TOTP secrets, tokens) appear with both values hidden.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: Partial<T> | null | undefined,
  after: Partial<T>,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): AuditChanges {
  const changes: AuditChanges = {}
  for (const field of fields) {
    const was = auditValue(before?.[field])
    const now = auditValue(after[field])
    if (sameValue(was, now)) continue
    changes[field] = SECRET_FIELD.test(field) ? { before: REDACTED, after: REDACTED } : { before: was, after: now }
  }
  return changes
}

/** Removes events older than a year (a scheduled job: FerretDB has no TTL indexes). */
export async function pruneAuditTrail(now = new Date()) {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000)
  return deleteInBatches(AuditEvent, { at: { $lt: cutoff } })
}

export const AUDIT_PAGE_SIZE = 50

export type AuditLine = {
  id: string
  at: string
  kind: AuditKind
  actor: string | null
  action: string
  target: string | null
  /** The target as staff read it: a person's or a record's name, not its id. */
  targetLabel: string | null
  /** The target's staff page, while it still exists. */
  targetHref: string | null
  changes: AuditChanges | null
  addressKey: string
  requestId: string
}

/** One page of the trail, newest first, optionally only one actor's (by username) or one kind's. */
export async function listAuditEvents({ page = 1, kind, actor }: { page?: number; kind?: AuditKind; actor?: string }) {
  const filter: Record<string, unknown> = {}
  if (kind) filter.kind = kind
  if (actor) filter.actorUsername = actor
  const total = await AuditEvent.countDocuments(filter)
  const window = pageWindow(total, page, AUDIT_PAGE_SIZE)
  const docs = await AuditEvent.find(filter).sort({ at: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean()
  const labels = await targetLabels(docs.flatMap((doc) => (doc.target ? [doc.target] : [])))
  const events: AuditLine[] = docs.map((doc) => ({
    id: String(doc._id),
    at: doc.at.toISOString(),
    kind: doc.kind as AuditKind,
    actor: doc.actorUsername ?? null,
    action: doc.action,
    target: doc.target ?? null,
    targetLabel: doc.target ? (labels.get(doc.target)?.label ?? doc.target) : null,
    targetHref: doc.target ? (labels.get(doc.target)?.href ?? null) : null,
    changes: (doc.changes as AuditChanges | undefined) ?? null,
    addressKey: doc.addressKey,
    requestId: doc.requestId,
  }))
  return { events, total, page: window.page, pageCount: window.pageCount }
}

const OBJECT_ID = /^[0-9a-f]{24}$/
/** Catalogue targets (`plan:3`, `news-article:7`): their model and the editor's path segment. */
const CONTENT_TARGETS = [
  { prefix: 'plan', model: Plan, kind: 'plans' },
  { prefix: 'service', model: Service, kind: 'services' },
  { prefix: 'solution', model: Solution, kind: 'solutions' },
  { prefix: 'testimonial', model: Testimonial, kind: 'testimonials' },
  { prefix: 'news-article', model: NewsArticle, kind: 'news' },
] as const

/** A target as staff read it, and its staff page while the record is still there. */
export type TargetName = { label: string; href: string | null }

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

/**
 * Names for the targets of one page of events (`contact:<id>`, `chat:<id>`, `order:<id>`,
 * `user:<id>`, `plan:3`, …), read in one query per kind. What was erased or deleted reads as its
 * kind only (no personal data survives in the trail); a target of an unknown kind keeps its text.
 */
export async function targetLabels(targets: string[]): Promise<Map<string, TargetName>> {
  const ids = (prefix: string) => [...new Set(targets.filter((t) => t.startsWith(`${prefix}:`)).map((t) => t.slice(prefix.length + 1)))]
  const objectIds = (prefix: string) => ids(prefix).filter((id) => OBJECT_ID.test(id))
  const numbers = (prefix: string) =>
    ids(prefix)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
  const find = <T>(list: unknown[], read: () => Promise<T[]>) => (list.length ? read() : Promise.resolve([] as T[]))
  const [userIds, orderIds, contactIds, chatIds] = [objectIds('user'), objectIds('order'), objectIds('contact'), objectIds('chat')]
  const [users, orders, contacts, chats, ...content] = await Promise.all([
    find(userIds, () => User.find({ _id: { $in: userIds } }, { username: 1, name: 1 }).lean()),
    find(orderIds, () => Order.find({ _id: { $in: orderIds } }, { name: 1, amount: 1 }).lean()),
    find(contactIds, () => Contact.find({ _id: { $in: contactIds } }, { name: 1 }).lean()),
    find(chatIds, () => ChatConversation.find({ _id: { $in: chatIds } }, { name: 1 }).lean()),
    ...CONTENT_TARGETS.map(({ prefix, model }) => {
      const wanted = numbers(prefix)
      return find(wanted, () =>
        (model as typeof Plan)
          .find({ id: { $in: wanted } }, { id: 1, name: 1, title: 1, deletedAt: 1 })
          .lean<{ id: number; name?: string; title?: string; deletedAt?: Date }[]>(),
      )
    }),
  ])
  const names = new Map<string, TargetName>()
  // What the page asked about but no longer exists: its kind, without a link.
  const gone: Record<string, string> = {
    user: 'A removed staff account',
    order: 'A deleted order',
    contact: 'An erased or deleted enquiry',
    chat: 'An erased or deleted chat',
  }
  for (const [prefix, list] of [
    ['user', userIds],
    ['order', orderIds],
    ['contact', contactIds],
    ['chat', chatIds],
  ] as const)
    for (const id of list) names.set(`${prefix}:${id}`, { label: gone[prefix]!, href: null })
  for (const user of users)
    names.set(`user:${String(user._id)}`, { label: user.name ? `${user.name} (${user.username})` : user.username, href: '/admin/staff' })
  for (const order of orders) {
    const amount = formatDollars(order.amount)
    names.set(`order:${String(order._id)}`, {
      label: order.name ? `Order from ${order.name} (${amount})` : `An order of ${amount} (buyer’s details erased)`,
      href: `/admin/orders/${String(order._id)}`,
    })
  }
  for (const contact of contacts)
    names.set(`contact:${String(contact._id)}`, { label: `Enquiry from ${contact.name}`, href: `/admin/enquiries/${String(contact._id)}` })
  for (const chat of chats)
    names.set(`chat:${String(chat._id)}`, { label: `Chat with ${chat.name ?? 'a visitor'}`, href: `/admin/chats/${String(chat._id)}` })
  CONTENT_TARGETS.forEach(({ prefix, kind }, index) => {
    for (const doc of content[index]!) {
      const label = `${capitalised(CONTENT_LABELS[kind].singular)} “${doc.name ?? doc.title ?? doc.id}”`
      names.set(
        `${prefix}:${doc.id}`,
        doc.deletedAt ? { label: `${label} (deleted)`, href: null } : { label, href: `/admin/content/${kind}/${doc.id}` },
      )
    }
  })
  return names
}
