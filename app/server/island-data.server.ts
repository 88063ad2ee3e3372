import { createHash } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import type { IslandData } from '#app/components/static-island'
import { requestInfo } from '#app/lib/http/request-context'

/**
 * A static island's data as a loader returns it (components/static-island.tsx). A document's
 * islands reach the browser as HTML it keeps, so there the data stays on the server, for this
 * request's render only, and the page carries just its key: on the home page that is most of the
 * loader data, serialised, escaped and sent for nothing. A data request (client-side navigation,
 * revalidation) carries the data too, since the browser then renders the island itself.
 */
export function islandData<T>(context: Readonly<RouterContextProvider>, value: T): IslandData<T> {
  // The same data gives the same key, in any process: islands kept in memory are found by it.
  const key = createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22)
  const request = requestInfo(context)
  if (!request.documentRequest) return { key, value }
  request.outcome.islandValues.set(key, value)
  return { key }
}
