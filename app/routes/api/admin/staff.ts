import { requireOwnerApi } from '#app/auth/require-admin.server'
import { createStaffAccount, listStaffAccounts } from '#app/auth/staff-accounts.server'
import { fieldErrors } from '#app/domain/contact-form'
import { newStaffSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/http/body-limits'
import { readJsonBody } from '#app/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import type { Route } from './+types/staff'

// Owners only (issue 14 point 5): GET lists the accounts; POST {username, name, role} adds one and
// answers 201 with it and its one-time `setPasswordUrl` (valid 24 h, shown this once).
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireOwnerApi(request)
    return Response.json({ staff: await listStaffAccounts() })
  })
}

export function action({ request, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return jsonError(405, 'Use POST to add an account.', undefined, { headers: { Allow: 'GET, POST' } })
    const actor = await requireOwnerApi(request)
    const parsed = newStaffSchema.strict().safeParse(await readJsonBody(request, BODY_LIMITS.staffAccount))
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error)
      return jsonError(400, Object.values(errors).flat()[0] ?? 'Please check the account.', { errors })
    }
    const created = await createStaffAccount(parsed.data, { actor, context })
    if (!created.ok)
      return jsonError(created.status, created.message, created.field ? { errors: { [created.field]: [created.message] } } : undefined)
    return Response.json({ ...created.value.account, setPasswordUrl: created.value.setPasswordUrl }, { status: 201 })
  })
}
