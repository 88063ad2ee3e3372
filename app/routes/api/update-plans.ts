import { requireAdminApi } from '#app/auth/require-admin.server'
import { syncPlanCatalogue } from '#app/db/seed.server'
import { postOnly } from '#app/http/json-action.server'
import { handleJsonErrors } from '#app/http/responses.server'
import type { Route } from './+types/update-plans'

// Staff only: writes the plan catalogue from the seed data. Idempotent (plans are replaced by their
// stable id), so repeating the call changes nothing.
export function action({ request }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    if (request.method !== 'POST') return postOnly('Use POST to synchronise the plan catalogue.')
    const plans = await syncPlanCatalogue()
    return Response.json({ success: true, message: `Plan catalogue synchronised (${plans} plans).`, plans })
  })
}
