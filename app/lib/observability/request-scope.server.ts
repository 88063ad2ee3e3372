import { AsyncLocalStorage } from 'node:async_hooks'
import { nameRequestSpan } from './tracing.server'

/**
 * What the server knows about the request being handled, wherever the code runs: every log line
 * written while handling it carries its id (without passing a logger around), and the handler that
 * answers names the route for the metrics.
 */
export type RequestScope = {
  id: string
  /** The route pattern (`/news/:slug`) or a fixed label (`(static)`); never the raw path. */
  route?: string
  /** The request's trace span, when tracing: named after the route too. */
  span?: unknown
}

const storage = new AsyncLocalStorage<RequestScope>()

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work)
}

export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore()
}

/** Names the route that answers the current request (the last handler to call this wins). */
export function labelRoute(route: string | undefined) {
  const scope = storage.getStore()
  if (!scope) return
  scope.route = route
  if (route && scope.span) nameRequestSpan(scope.span, route)
}
