import type { RouterContextProvider } from 'react-router'
import type { PlanSummary, ServiceSummary, SolutionSummary } from '#app/domain/catalogue'
import { onContentChanged } from '#app/content/content-version.server'
import { markIncomplete } from '#app/http/request-context'
import { Plan, Service, Solution } from '#app/models/catalogue.server'
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
  return cached('services', () =>
    Service.find({}, { _id: 0, id: 1, name: 1, description: 1, shortDescription: 1, image: 1, features: 1 })
      .sort({ id: 1 })
      .lean<ServiceSummary[]>()
      .exec(),
  )
}

export function listSolutions(): Promise<SolutionSummary[]> {
  return cached('solutions', () =>
    Solution.find({}, { _id: 0, id: 1, name: 1, description: 1, industry: 1, image: 1, features: 1 })
      .sort({ id: 1 })
      .lean<SolutionSummary[]>()
      .exec(),
  )
}

export function listPlans(): Promise<PlanSummary[]> {
  return cached('plans', () =>
    Plan.find({}, { _id: 0, id: 1, name: 1, description: 1, price: 1, features: 1, popular: 1 })
      .sort({ price: 1, id: 1 })
      .lean<PlanSummary[]>()
      .exec(),
  )
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
