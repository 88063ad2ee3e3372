import { requireOwnerApi } from '#app/staff/require-admin.server'
import { requireRecentVerificationApi } from '#app/staff/reverify.server'
import { accountRefusal, findStaffAccount, updateStaffAccount } from '#app/staff/staff-accounts.server'
import { staffPatchSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction } from '#app/lib/http/json-action.server'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/staff.$id'

// Owners only: GET one account; PATCH any of {name, role, disabled}. Disabling
// ends the account's sessions; the last active owner can't be disabled or demoted (409). Making an
// owner needs a recent confirmation at /admin/verify on the same session (else 403).
export function loader({ request, params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireOwnerApi(request)
    const account = await findStaffAccount(params.id)
    return account ? Response.json(account) : jsonError(404, 'Account not found')
  })
}

export function action({ request, params, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: staffPatchSchema,
      maxBytes: BODY_LIMITS.staffAccount,
      guard: requireOwnerApi,
      method: 'PATCH',
      postOnlyMessage: 'Use PATCH to change an account.',
    },
    async (patch, actor) => {
      if (patch.role === 'owner') await requireRecentVerificationApi(request)
      const updated = await updateStaffAccount(params.id, patch, { actor, context })
      return updated.ok ? Response.json(updated.value) : accountRefusal(updated)
    },
  )
}
