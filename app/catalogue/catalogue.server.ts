import type { RouterContextProvider } from 'react-router'
import type { PlanSummary, ServiceSummary, SolutionSummary, TestimonialSummary } from '#app/domain/catalogue'
import { onContentChanged } from '#app/content/content-version.server'
import { markIncomplete } from '#app/http/request-context'
import { Plan, Service, Solution, Testimonial } from '#app/models/catalogue.server'
import { log } from '#app/observability/logger.server'

// The catalogue changes through the seed and staff edits, both of which announce it, so each instance keeps
// it for a short while; pages and the JSON API read the same cached queries. A content change
// (content/content-version.server.ts) empties it on every instance within a second.
const TTL_MS = 10_000
const cache = new Map<string, { expires: number; value: Promise<unknown> }>()
onContentChanged(() => cache.clear())

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key)
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>
  const value = load()
  cache.set(key, { expires: Date.now() + TTL_MS, value })
  value.catch(() => cache.delete(key))
  return value
}

// Staff hide records and put them in order (content/content-editing.server.ts); visitors see the
// shown ones in that order. Hidden plans are not offered at checkout either.
const SHOWN = { hidden: { $ne: true } }
const IN_STAFF_ORDER = { position: 1, id: 1 } as const

export function listServices(): Promise<ServiceSummary[]> {
  return cached('services', () =>
    Service.find(SHOWN, { _id: 0, id: 1, name: 1, description: 1, shortDescription: 1, image: 1, features: 1 })
      .sort(IN_STAFF_ORDER)
      .lean<ServiceSummary[]>()
      .exec(),
  )
}

export function listSolutions(): Promise<SolutionSummary[]> {
  return cached('solutions', () =>
    Solution.find(SHOWN, { _id: 0, id: 1, name: 1, description: 1, industry: 1, image: 1, features: 1 })
      .sort(IN_STAFF_ORDER)
      .lean<SolutionSummary[]>()
      .exec(),
  )
}

export function listPlans(): Promise<PlanSummary[]> {
  return cached('plans', () =>
    Plan.find(SHOWN, { _id: 0, id: 1, name: 1, description: 1, price: 1, features: 1, popular: 1 })
      .sort(IN_STAFF_ORDER)
      .lean<PlanSummary[]>()
      .exec(),
  )
}

/** The testimonials staff chose to show, for the home page. */
export function listTestimonials(): Promise<TestimonialSummary[]> {
  return cached('testimonials', async () => {
    const docs = await Testimonial.find({ shown: { $ne: false } }, { _id: 0, id: 1, name: 1, company: 1, comment: 1, rating: 1 })
      .sort(IN_STAFF_ORDER)
      .lean<{ id: number; name: string; company: string; comment: string; rating: number }[]>()
      .exec()
    return docs.map(({ id, name, company, comment, rating }) => ({ id, name, company, text: comment, rating }))
  })
}

/** The name of a plan staff have hidden (checkout says it is no longer offered), or null. */
export async function findHiddenPlanName(id: number): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null
  const plan = await Plan.findOne({ id, hidden: true }, { name: 1 }).lean<{ name: string }>().exec()
  return plan?.name ?? null
}

export async function findPlan(id: number): Promise<PlanSummary | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null
  return (await listPlans()).find((plan) => plan.id === id) ?? null
}

/**
 * A list for a page: the records, or an error flag so only that list shows its error text. A page
 * with a failed list is marked incomplete, so the page cache neither keeps it nor prefers it to a
 * complete copy it already has.
 */
export async function settleList<T>(
  load: () => Promise<T[]>,
  context: Readonly<RouterContextProvider>,
): Promise<{ ok: true; items: T[] } | { ok: false }> {
  try {
    return { ok: true, items: await load() }
  } catch (error) {
    log.warn({ err: error }, 'catalogue: a list could not be read')
    markIncomplete(context)
    return { ok: false }
  }
}
