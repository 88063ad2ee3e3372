import { recordAudit } from '#app/staff/audit.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { syncPlanCatalogue } from '#app/catalogue/seed.server'
import { postOnly } from '#app/lib/http/json-action.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'
import type { Route } from './+types/update-plans'

// Staff only: puts back the sample plans that are missing and never touches a plan that exists, so
// it cannot undo a price staff set (plans are edited at /admin/content/plans or /api/admin/plans).
// Idempotent: repeating the call changes nothing.
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    const admin = await requireAdminApi(request)
    if (request.method !== 'POST') return postOnly('Use POST to restore the sample plans.')
    const { plans, restored } = await syncPlanCatalogue()
    if (restored.length > 0) {
      await recordAudit({ actor: admin, kind: 'content', action: `restored sample plans ${restored.join(', ')}`, target: 'plans', context })
    }
    const message =
      restored.length > 0
        ? `Restored ${restored.length} missing sample plans (${plans} plans).`
        : `Plan catalogue complete (${plans} plans); nothing changed.`
    return Response.json({ success: true, message, plans, restored })
  })
}
