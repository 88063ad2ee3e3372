import { listSolutions } from '#app/catalogue/catalogue.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'

export function loader() {
  return handleJsonErrors(async () => Response.json(await listSolutions()))
}
