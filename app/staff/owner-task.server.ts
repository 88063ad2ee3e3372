import type { RouterContextProvider } from 'react-router'
import { STAFF_PAGE } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { requireOwner } from './require-admin.server'
import { requireRecentVerification } from './reverify.server'
import { requireStaffAccountNamed } from './staff-accounts.server'

// The start every owners' staff-page task on one account shares, in this order: an owner (403 for
// staff, before anything about accounts is said), the body within its limit, the account the
// address names (404), and for the changes that hand an account over, a recent confirmation.

export async function ownerTaskOnAccount(
  { request, params, context }: { request: Request; params: { username?: string }; context: Pick<RouterContextProvider, 'get'> },
  { reverify = false } = {},
) {
  const owner = await requireOwner(request)
  const formData = await readFormWithLimit(request, BODY_LIMITS.default)
  const account = await requireStaffAccountNamed(params.username)
  // Back to the page, not to the task's address, after confirming.
  if (reverify) await requireRecentVerification(request, STAFF_PAGE)
  return { account, formData, by: { actor: owner, context } }
}
