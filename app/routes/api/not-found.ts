import { jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/not-found'

// Any other path under /api/, whatever the method: a JSON 404, as API clients expect, never the
// HTML 404 page or a 405.
function notFound(request: Request) {
  return jsonError(404, `No API endpoint at ${new URL(request.url).pathname}.`)
}

export function loader({ request }: Route.LoaderArgs) {
  return notFound(request)
}

export function action({ request }: Route.ActionArgs) {
  return notFound(request)
}
