import { onContentChanged } from '#app/catalogue/content-version.server'
import { getEnv } from '#app/lib/config/env.server'
import { projectionOf } from '#app/lib/db/views.server'
import type { ListState } from '#app/domain/list-state'
import {
  Plan,
  type PlanDocument,
  Service,
  type ServiceDocument,
  Solution,
  type SolutionDocument,
  Testimonial,
  type TestimonialDocument,
  NOT_DELETED,
} from '#app/catalogue/catalogue-model.server'

// What pages and the JSON API (SPEC §7) show of the catalogue: one list of fields per entity gives
// the type and the projection. Catalogue records carry their own integer `id` (no _id leaves).
const SERVICE_FIELDS = ['id', 'name', 'description', 'shortDescription', 'image', 'features'] as const
const SOLUTION_FIELDS = ['id', 'name', 'description', 'industry', 'image', 'features'] as const
const PLAN_FIELDS = ['id', 'name', 'description', 'price', 'features', 'popular'] as const
export type ServiceSummary = Pick<ServiceDocument, (typeof SERVICE_FIELDS)[number]>
export type SolutionSummary = Pick<SolutionDocument, (typeof SOLUTION_FIELDS)[number]>
export type PlanSummary = Pick<PlanDocument, (typeof PLAN_FIELDS)[number]>
/** SPEC §3 stores a testimonial's words as `comment`; pages and the API call them `text`. */
export type TestimonialSummary = Pick<TestimonialDocument, 'id' | 'name' | 'company' | 'rating'> & { text: string }

const withoutObjectId = <Field extends string>(fields: readonly Field[]) => ({ _id: 0 as const, ...projectionOf(fields) })
import { log } from '#app/lib/observability/logger.server'

// The catalogue changes through the seed and staff edits, both of which announce it, so each instance keeps
// it for a short while (CATALOGUE_CACHE_SECONDS, 10 s); pages and the JSON API read the same cached
// queries. A content change (content/content-version.server.ts) empties it on every instance within a second.
const cache = new Map<string, { expires: number; value: Promise<unknown> }>()
onContentChanged(() => cache.clear())

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key)
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>
  const value = load()
  cache.set(key, { expires: Date.now() + getEnv().CATALOGUE_CACHE_SECONDS * 1000, value })
  value.catch(() => cache.delete(key))
  return value
}

// Staff hide records and put them in order (content/content-editing.server.ts); visitors see the
// shown ones in that order. Hidden plans are not offered at checkout either; deleted records are
// shown nowhere.
const SHOWN = { hidden: { $ne: true }, ...NOT_DELETED }
const IN_STAFF_ORDER = { position: 1, id: 1 } as const

export function listServices(): Promise<ServiceSummary[]> {
  return cached('services', () => Service.find(SHOWN, withoutObjectId(SERVICE_FIELDS)).sort(IN_STAFF_ORDER).lean().exec())
}

export function listSolutions(): Promise<SolutionSummary[]> {
  return cached('solutions', () => Solution.find(SHOWN, withoutObjectId(SOLUTION_FIELDS)).sort(IN_STAFF_ORDER).lean().exec())
}

export function listPlans(): Promise<PlanSummary[]> {
  return cached('plans', () => Plan.find(SHOWN, withoutObjectId(PLAN_FIELDS)).sort(IN_STAFF_ORDER).lean().exec())
}

/** The testimonials staff chose to show, for the home page. */
export function listTestimonials(): Promise<TestimonialSummary[]> {
  return cached('testimonials', async () => {
    const docs = await Testimonial.find(
      { shown: { $ne: false }, ...NOT_DELETED },
      withoutObjectId(['id', 'name', 'company', 'comment', 'rating'] as const),
    )
      .sort(IN_STAFF_ORDER)
      .lean()
      .exec()
    return docs.map(({ id, name, company, comment, rating }) => ({ id, name, company, text: comment, rating }))
  })
}

/** Every plan's name, hidden ones included: orders of a plan no longer offered keep its name. */
export function listPlanNames(): Promise<{ id: number; name: string }[]> {
  return cached('plan-names', () =>
    Plan.find({}, withoutObjectId(['id', 'name'] as const))
      .lean()
      .exec(),
  )
}

/** The name of a plan staff have hidden (checkout says it is no longer offered), or null. */
export async function findHiddenPlanName(id: number): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null
  const plan = await Plan.findOne({ id, hidden: true, ...NOT_DELETED }, { name: 1 })
    .lean<{ name: string }>()
    .exec()
  return plan?.name ?? null
}

export async function findPlan(id: number): Promise<PlanSummary | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null
  return (await listPlans()).find((plan) => plan.id === id) ?? null
}

/**
 * A list for a page: the records, or an error flag so only that list shows its error text. The
 * page's loader then answers no-store (http/cache-control.ts listHeaders), so no cache keeps it.
 */
export async function settleList<T>(load: () => Promise<T[]>): Promise<ListState<T>> {
  try {
    return { ok: true, items: await load() }
  } catch (error) {
    log.warn({ err: error }, 'catalogue: a list could not be read')
    return { ok: false }
  }
}
