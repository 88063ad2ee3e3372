import type { Model } from 'mongoose'
import type { RouterContextProvider } from 'react-router'
import { type AuditActor, changesBetween, recordAudit } from '#app/staff/audit.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { withDocumentLock } from '#app/lib/db/document-lock.server'
import {
  CONTENT_LABELS,
  type ContentInput,
  type ContentKind,
  type ContentRecord,
  conflictMessage,
  contentSchemas,
} from '#app/domain/content-rules'
import { fieldErrors } from '#app/domain/zod'
import { NOT_DELETED, Plan, Service, Solution, Testimonial } from '#app/catalogue/catalogue-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { Order } from '#app/orders/order-model.server'
import { contentChanged } from './content-version.server'
import { imageDimensions } from './uploads.server'

// Every staff change to the site's content goes through here, from the staff pages and the JSON
// API alike: the kind's schema, the rules across records (one popular plan, unique slugs, images
// that exist), the version check, then the write, the audit event with the changed fields, and
// contentChanged() so every instance's page cache shows it within 2 s.

/** A refusal with a status and words for a person: 400 with field errors, 404, 409. */
export class ContentEditError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** For a 409: the record as it is saved now. */
    readonly current?: AnyRecord,
  ) {
    super(message)
    this.name = 'ContentEditError'
  }
}

/** A record of any kind, as the API shows it. */
export type AnyRecord = Record<string, unknown> & { id: number; version: number }

type Stored = Record<string, unknown> & { _id: unknown; id: number; version: number; position?: number }

type KindStore = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one store shape for five differently typed models
  model: Model<any>
  /** The order staff and visitors see. */
  sort: Record<string, 1 | -1>
  /** Whether staff order the records by hand (news are ordered by date). */
  ordered: boolean
  /** The stored document's fields → the API's record. */
  toRecord(doc: Stored): Record<string, unknown>
  /** The API's fields → what is stored. */
  toStored(input: Record<string, unknown>): Record<string, unknown>
}

const identity = (fields: readonly string[]) => ({
  toRecord: (doc: Stored) => Object.fromEntries(fields.map((field) => [field, doc[field] ?? null])),
  toStored: (input: Record<string, unknown>) => ({ ...input }),
})

const STORES: Record<ContentKind, KindStore> = {
  plans: {
    model: Plan,
    sort: { position: 1, id: 1 },
    ordered: true,
    ...identity(['name', 'description', 'price', 'features', 'popular', 'hidden']),
  },
  services: {
    model: Service,
    sort: { position: 1, id: 1 },
    ordered: true,
    ...identity(['name', 'shortDescription', 'description', 'price', 'priceType', 'image', 'features', 'hidden']),
  },
  solutions: {
    model: Solution,
    sort: { position: 1, id: 1 },
    ordered: true,
    ...identity(['name', 'industry', 'description', 'image', 'features', 'hidden']),
  },
  testimonials: {
    model: Testimonial,
    sort: { position: 1, id: 1 },
    ordered: true,
    // SPEC §3 stores the words as `comment`; the API and the forms call them `text`.
    toRecord: (doc) => ({ name: doc.name, company: doc.company, text: doc.comment, rating: doc.rating, shown: doc.shown ?? true }),
    toStored: ({ text, ...rest }) => (text === undefined ? rest : { ...rest, comment: text }),
  },
  news: {
    model: NewsArticle,
    sort: { date: -1, id: -1 },
    ordered: false,
    ...identity(['title', 'slug', 'date', 'excerpt', 'body', 'image', 'status', 'layout']),
  },
}

function toRecord<Kind extends ContentKind>(kind: Kind, doc: Stored): ContentRecord<Kind> {
  return { id: doc.id, version: doc.version ?? 0, ...STORES[kind].toRecord(doc) } as ContentRecord<Kind>
}

export type ContentListItem<Kind extends ContentKind> = ContentRecord<Kind> & { position: number }

/** Every record of a kind, hidden and drafts included, in the order the site shows them; deleted ones are not. */
export async function listContent<Kind extends ContentKind>(kind: Kind): Promise<ContentListItem<Kind>[]> {
  const store = STORES[kind]
  const docs = await store.model.find(NOT_DELETED).sort(store.sort).lean<Stored[]>().exec()
  return docs.map((doc) => ({ ...toRecord(kind, doc), position: doc.position ?? 0 }))
}

/** How long a deleted record can be restored before the purge job removes it. */
export const RESTORE_DAYS = 30
const RESTORE_MS = RESTORE_DAYS * 24 * 60 * 60 * 1000

export type DeletedItem = { id: number; name: string; deletedAt: Date; deletedBy: string; purgeAt: Date }

/** The "Recently deleted" view: a kind's deleted records, the most recent first. */
export async function listDeletedContent(kind: ContentKind): Promise<DeletedItem[]> {
  const docs = await STORES[kind].model
    .find({ deletedAt: { $exists: true } })
    .sort({ deletedAt: -1 })
    .lean<Stored[]>()
    .exec()
  return docs.map((doc) => {
    const deletedAt = doc.deletedAt as Date
    return {
      id: doc.id,
      name: String(doc.name ?? doc.title ?? ''),
      deletedAt,
      deletedBy: String(doc.deletedBy ?? ''),
      purgeAt: new Date(deletedAt.getTime() + RESTORE_MS),
    }
  })
}

export async function getContent<Kind extends ContentKind>(kind: Kind, id: number): Promise<ContentRecord<Kind>> {
  return toRecord(kind, await findStored(kind, id))
}

async function findStored(kind: ContentKind, id: number): Promise<Stored> {
  const doc =
    Number.isSafeInteger(id) && id > 0
      ? await STORES[kind].model
          .findOne({ id, ...NOT_DELETED })
          .lean<Stored>()
          .exec()
      : null
  if (!doc) throw new ContentEditError(404, `There is no ${CONTENT_LABELS[kind].singular} with id ${id}. It may have been deleted.`)
  return doc
}

function parse<Kind extends ContentKind>(kind: Kind, input: unknown): ContentInput<Kind> {
  const parsed = contentSchemas[kind].safeParse(input)
  if (parsed.success) return parsed.data as ContentInput<Kind>
  const errors = fieldErrors(parsed.error)
  throw new ContentEditError(400, Object.values(errors)[0]?.[0] ?? 'Please check the fields.', errors)
}

/** Rules that look at other records or at stored files; returns the stored fields they add. */
async function checkAcrossRecords(kind: ContentKind, input: Record<string, unknown>, id: number | null): Promise<Record<string, unknown>> {
  const extra: Record<string, unknown> = {}
  if (typeof input.image === 'string') {
    const size = await imageDimensions(input.image)
    if (!size)
      throw new ContentEditError(400, 'That image does not exist. Choose an illustration or upload the image again.', {
        image: ['That image does not exist. Choose an illustration or upload the image again.'],
      })
    if (kind === 'news') Object.assign(extra, { imageWidth: size.width, imageHeight: size.height })
  }
  if (kind === 'news') {
    const slug = input.slug as string
    const clash = await NewsArticle.findOne(
      { $or: [{ slug }, { previousSlugs: slug }], ...(id ? { id: { $ne: id } } : {}) },
      { id: 1, title: 1, deletedAt: 1 },
    )
      .lean<{ id: number; title: string; deletedAt?: Date }>()
      .exec()
    if (clash) {
      // A deleted article keeps its address until it is purged, so restoring it never clashes.
      const message = clash.deletedAt
        ? `The address /news/${slug} belongs to "${clash.title}", which was deleted recently and can still be restored. Choose another slug.`
        : `The address /news/${slug} is taken by "${clash.title}" (now or before a rename). Choose another slug.`
      throw new ContentEditError(400, message, { slug: [message] })
    }
  }
  return extra
}

/** 'plan 3', for audit targets. */
function target(kind: ContentKind, id: number) {
  return `${CONTENT_LABELS[kind].singular.replace(' ', '-')}:${id}`
}

type EditContext = { actor: NonNullable<AuditActor>; context: Pick<RouterContextProvider, 'get'> }

/** Only one plan carries 'Most popular': marking one takes the mark from the others (audited). */
async function takePopularFromOthers(id: number, { actor, context }: EditContext) {
  const others = await Plan.find({ popular: true, id: { $ne: id } }, { id: 1 })
    .lean<{ id: number }[]>()
    .exec()
  for (const other of others) {
    await Plan.updateOne(
      { id: other.id },
      { $set: { popular: false, updatedAt: new Date(), updatedBy: actor.username }, $inc: { version: 1 } },
    )
    await recordAudit({
      actor,
      kind: 'content',
      action: `plan no longer most popular (plan ${id} is)`,
      target: target('plans', other.id),
      changes: { popular: { before: true, after: false } },
      context,
    })
  }
}

export async function createContent<Kind extends ContentKind>(kind: Kind, input: unknown, edit: EditContext): Promise<ContentRecord<Kind>> {
  const store = STORES[kind]
  const parsed = parse(kind, input) as Record<string, unknown>
  const extra = await checkAcrossRecords(kind, parsed, null)
  // Ids are small integers like the seed's; two creations at once take turns for the next one.
  const created = await withDocumentLock(`content-create:${kind}`, async () => {
    const [last] = await store.model.find({}, { id: 1, position: 1 }).sort({ id: -1 }).limit(1).lean<Stored[]>().exec()
    const [lastPlace] = await store.model.find({}, { position: 1 }).sort({ position: -1 }).limit(1).lean<Stored[]>().exec()
    const id = (last?.id ?? 0) + 1
    const document = {
      ...store.toStored(parsed),
      ...extra,
      id,
      version: 0,
      updatedAt: new Date(),
      updatedBy: edit.actor.username,
      ...(store.ordered ? { position: (lastPlace?.position ?? 0) + 1 } : {}),
      ...(kind === 'news' && parsed.status === 'published' ? { publishedAt: new Date() } : {}),
    }
    try {
      await store.model.create(document)
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ContentEditError(409, 'Another record was saved at the same moment. Please save again.')
      throw error
    }
    return id
  })
  if (kind === 'plans' && parsed.popular === true) await takePopularFromOthers(created, edit)
  const record = await getContent(kind, created)
  await recordAudit({
    ...edit,
    kind: 'content',
    action: `created ${CONTENT_LABELS[kind].singular}`,
    target: target(kind, created),
    changes: changesBetween({}, STORES[kind].toRecord({ ...store.toStored(parsed), _id: null, id: created, version: 0 } as Stored)),
  })
  await contentChanged()
  return record
}

/**
 * Changes some fields of a record. `expectedVersion` is the version the editor started from (the
 * form's hidden field, the API's `version`): when someone saved in between, nothing is written and
 * a 409 carries the record as it is now. The merged record is checked as a whole.
 */
export async function updateContent<Kind extends ContentKind>(
  kind: Kind,
  id: number,
  changes: Record<string, unknown>,
  expectedVersion: number | undefined,
  edit: EditContext,
): Promise<ContentRecord<Kind>> {
  const store = STORES[kind]
  const singular = CONTENT_LABELS[kind].singular
  const { before, after } = await withDocumentLock(`content:${kind}:${id}`, async () => {
    const doc = await findStored(kind, id)
    const before: AnyRecord = toRecord(kind, doc)
    if (expectedVersion !== undefined && expectedVersion !== before.version) {
      throw new ContentEditError(409, conflictMessage(singular), {}, before)
    }
    const { id: _id, version: _version, ...current } = before
    const merged = parse(kind, { ...current, ...changes }) as Record<string, unknown>
    const extra = await checkAcrossRecords(kind, merged, id)
    const set: Record<string, unknown> = { ...store.toStored(merged), ...extra, updatedAt: new Date(), updatedBy: edit.actor.username }
    const update: Record<string, unknown> = { $set: set, $inc: { version: 1 } }
    if (kind === 'news') {
      const wasPublished = Boolean(doc.publishedAt)
      if (merged.status === 'published' && !wasPublished) set.publishedAt = new Date()
      // A published address keeps working: the old slug answers with a 301 to the new one.
      if (merged.slug !== before.slug) {
        const kept = ((doc.previousSlugs as string[] | undefined) ?? []).filter((slug) => slug !== merged.slug)
        set.previousSlugs = wasPublished ? [...kept, before.slug as string] : kept
      }
      if (merged.image === null) Object.assign(update, { $unset: { imageWidth: 1, imageHeight: 1 } })
    }
    // The lock makes writers take turns; the version in the filter is the check on MongoDB too.
    const written = await store.model.updateOne({ id, version: before.version }, update)
    if (written.matchedCount === 0)
      throw new ContentEditError(409, conflictMessage(singular), {}, (await getContent(kind, id)) as AnyRecord)
    return { before, after: merged }
  })
  if (kind === 'plans' && after.popular === true && before.popular !== true) await takePopularFromOthers(id, edit)
  const changed = changesBetween(before, after)
  await recordAudit({ ...edit, kind: 'content', action: describeUpdate(kind, changed), target: target(kind, id), changes: changed })
  await contentChanged()
  return getContent(kind, id)
}

function describeUpdate(kind: ContentKind, changed: Record<string, unknown>) {
  const fields = Object.keys(changed)
  const singular = CONTENT_LABELS[kind].singular
  if (fields.length === 0) return `saved ${singular} unchanged`
  return `changed ${singular}: ${fields.join(', ')}`
}

/**
 * Deletes a record the way staff can undo: it leaves the site and the lists at once, waits in
 * "Recently deleted" for RESTORE_DAYS, and the purge job removes it after that.
 */
export async function deleteContent(kind: ContentKind, id: number, expectedVersion: number | undefined, edit: EditContext) {
  const singular = CONTENT_LABELS[kind].singular
  const before = await withDocumentLock(`content:${kind}:${id}`, async () => {
    const doc = await findStored(kind, id)
    const before: AnyRecord = toRecord(kind, doc)
    if (expectedVersion !== undefined && expectedVersion !== before.version)
      throw new ContentEditError(409, conflictMessage(singular), {}, before)
    // Orders name their plan by id: a plan that was bought is hidden, never deleted.
    if (kind === 'plans' && (await Order.exists({ planId: id }))) {
      throw new ContentEditError(409, 'This plan has orders, which keep its name. Hide it instead: it then leaves the site and checkout.')
    }
    const written = await STORES[kind].model.updateOne(
      { id, version: before.version, ...NOT_DELETED },
      { $set: { deletedAt: new Date(), deletedBy: edit.actor.username }, $inc: { version: 1 } },
    )
    if (written.matchedCount === 0)
      throw new ContentEditError(409, conflictMessage(singular), {}, (await getContent(kind, id)) as AnyRecord)
    return before
  })
  const { id: _id, version: _version, ...fields } = before
  await recordAudit({
    ...edit,
    kind: 'content',
    action: `deleted ${singular}`,
    target: target(kind, id),
    changes: changesBetween(fields, Object.fromEntries(Object.keys(fields).map((key) => [key, null]))),
  })
  await contentChanged()
}

/** Brings a deleted record back, as it was when deleted (a hidden or draft one stays so). */
export async function restoreContent(kind: ContentKind, id: number, edit: EditContext): Promise<AnyRecord> {
  const singular = CONTENT_LABELS[kind].singular
  const restored = await withDocumentLock(`content:${kind}:${id}`, async () => {
    const written =
      Number.isSafeInteger(id) && id > 0
        ? await STORES[kind].model.updateOne(
            { id, deletedAt: { $exists: true } },
            {
              $unset: { deletedAt: 1, deletedBy: 1 },
              $inc: { version: 1 },
              $set: { updatedAt: new Date(), updatedBy: edit.actor.username },
            },
          )
        : { matchedCount: 0 }
    if (written.matchedCount === 0)
      throw new ContentEditError(404, `There is no deleted ${singular} with id ${id}. It may have been restored already, or purged.`)
    return getContent(kind, id) as Promise<AnyRecord>
  })
  if (kind === 'plans' && restored.popular === true) await takePopularFromOthers(id, edit)
  await recordAudit({ ...edit, kind: 'content', action: `restored ${singular}`, target: target(kind, id) })
  await contentChanged()
  return restored
}

/** Removes for good what was deleted more than RESTORE_DAYS ago (the purge job; nothing visible changes). */
export async function purgeDeletedContent(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RESTORE_MS)
  let purged = 0
  for (const store of Object.values(STORES)) purged += (await store.model.deleteMany({ deletedAt: { $lt: before } })).deletedCount
  return purged
}

/** Moves a record one place up or down in its list (swapping places with its neighbour). */
export async function moveContent(kind: ContentKind, id: number, direction: 'up' | 'down', edit: EditContext) {
  const store = STORES[kind]
  if (!store.ordered) throw new ContentEditError(400, `${CONTENT_LABELS[kind].plural} are ordered by date.`)
  await withDocumentLock(`content-order:${kind}`, async () => {
    const docs = await store.model.find(NOT_DELETED, { id: 1, position: 1 }).sort(store.sort).lean<Stored[]>().exec()
    const index = docs.findIndex((doc) => doc.id === id)
    if (index === -1)
      throw new ContentEditError(404, `There is no ${CONTENT_LABELS[kind].singular} with id ${id}. It may have been deleted.`)
    const swapWith = direction === 'up' ? index - 1 : index + 1
    if (swapWith < 0 || swapWith >= docs.length) return
    // Positions are rewritten 1…n in the new order, so equal or missing positions sort out too.
    const reordered = [...docs]
    ;[reordered[index], reordered[swapWith]] = [reordered[swapWith]!, reordered[index]!]
    for (const [place, doc] of reordered.entries()) {
      if (doc.position !== place + 1) await store.model.updateOne({ id: doc.id }, { $set: { position: place + 1 } })
    }
  })
  await recordAudit({ ...edit, kind: 'content', action: `moved ${CONTENT_LABELS[kind].singular} ${direction}`, target: target(kind, id) })
  await contentChanged()
}
