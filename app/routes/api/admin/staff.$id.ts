import { requireOwnerApi } from '#app/auth/require-admin.server'
import { findStaffAccount, updateStaffAccount } from '#app/auth/staff-accounts.server'
import { fieldErrors } from '#app/domain/contact-form'
import { staffPatchSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/http/body-limits'
import { readJsonBody } from '#app/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import type { Route } from './+types/staff.$id'

// Owners only (issue 14 point 5): GET one account; PATCH any of {name, role, disabled}. Disabling
// ends the account's sessions; the last active owner can't be disabled or demoted (409).
export function loader({ request, params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireOwnerApi(request)
    const account = await findStaffAccount(params.id)
    return account ? Response.json(account) : jsonError(404, 'Account not found')
  })
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'PATCH')
      return jsonError(405, 'Use PATCH to change an account.', undefined, { headers: { Allow: 'GET, PATCH' } })
    const actor = await requireOwnerApi(request)
    const parsed = staffPatchSchema.safeParse(await readJsonBody(request, BODY_LIMITS.staffAccount))
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error)
      return jsonError(400, Object.values(errors).flat()[0] ?? 'Please check the change.', { errors })
    }
    const updated = await updateStaffAccount(params.id, parsed.data, { actor, context })
    if (!updated.ok)
      return jsonError(updated.status, updated.message, updated.field ? { errors: { [updated.field]: [updated.message] } } : undefined)
    return Response.json(updated.value)
  })
}
