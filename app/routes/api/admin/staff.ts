import { requireOwnerApi } from '#app/staff/require-admin.server'
import { requireRecentVerificationApi } from '#app/staff/reverify.server'
import { accountRefusal, createStaffAccount, listStaffAccounts } from '#app/staff/staff-accounts.server'
import { newStaffSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction } from '#app/lib/http/json-action.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'
import type { Route } from './+types/staff'

// Owners only: GET lists the accounts; POST {username, name, role} adds one and
// answers 201 with it and its one-time `setPasswordUrl` (valid 24 h, shown this once). Adding an
// owner needs a recent confirmation at /admin/verify on the same session (else 403).
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireOwnerApi(request)
    return Response.json({ staff: await listStaffAccounts() })
  })
}

export function action({ request, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: newStaffSchema.strict(),
      maxBytes: BODY_LIMITS.staffAccount,
      guard: requireOwnerApi,
      postOnlyMessage: 'Use POST to add an account.',
    },
    async (input, actor) => {
      if (input.role === 'owner') await requireRecentVerificationApi(request)
      const created = await createStaffAccount(input, { actor, context })
      if (!created.ok) return accountRefusal(created)
      return Response.json({ ...created.value.account, setPasswordUrl: created.value.setPasswordUrl }, { status: 201 })
    },
  )
}
