import type { RouterContextProvider } from 'react-router'
import { onContentChanged } from '#app/content/content-version.server'
import { projectionOf } from '#app/db/views.server'
import type { ListState } from '#app/domain/list-state'
import { markIncomplete } from '#app/http/request-context'
import { Plan, type PlanDocument, Service, type ServiceDocument, Solution, type SolutionDocument } from '#app/models/catalogue.server'

// What pages and the JSON API (SPEC §7) show of the catalogue: one list of fields per entity gives
// the type and the projection. Catalogue records carry their own integer `id` (no _id leaves).
const SERVICE_FIELDS = ['id', 'name', 'description', 'shortDescription', 'image', 'features'] as const
const SOLUTION_FIELDS = ['id', 'name', 'description', 'industry', 'image', 'features'] as const
const PLAN_FIELDS = ['id', 'name', 'description', 'price', 'features', 'popular'] as const
export type ServiceSummary = Pick<ServiceDocument, (typeof SERVICE_FIELDS)[number]>
export type SolutionSummary = Pick<SolutionDocument, (typeof SOLUTION_FIELDS)[number]>
export type PlanSummary = Pick<PlanDocument, (typeof PLAN_FIELDS)[number]>

const withoutObjectId = <Field extends string>(fields: readonly Field[]) => ({ _id: 0 as const, ...projectionOf(fields) })
import { log } from '#app/observability/logger.server'

// The catalogue changes only through the seed and the admin plan sync, so each instance keeps
// it for a short while; pages and the JSON API read the same cached queries. A content change
// (content/content-version.server.ts) empties it on every instance within a second.
const TTL_MS = 10_000
const cache = new Map<string, { expires: number; value: Promise<unknown> }>()
onContentChanged(() => cache.clear())

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key)
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>
  const value = load()
  cache.set(key, { expires: Date.now() + TTL_MS, value })
  value.catch(() => cache.delete(key))
  return value
}

export function listServices(): Promise<ServiceSummary[]> {
  return cached('services', () => Service.find({}, withoutObjectId(SERVICE_FIELDS)).sort({ id: 1 }).lean().exec())
}

export function listSolutions(): Promise<SolutionSummary[]> {
  return cached('solutions', () => Solution.find({}, withoutObjectId(SOLUTION_FIELDS)).sort({ id: 1 }).lean().exec())
}

export function listPlans(): Promise<PlanSummary[]> {
  return cached('plans', () => Plan.find({}, withoutObjectId(PLAN_FIELDS)).sort({ price: 1, id: 1 }).lean().exec())
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
export async function settleList<T>(load: () => Promise<T[]>, context: Readonly<RouterContextProvider>): Promise<ListState<T>> {
  try {
    return { ok: true, items: await load() }
  } catch (error) {
    log.warn({ err: error }, 'catalogue: a list could not be read')
    markIncomplete(context)
    return { ok: false }
  }
}
