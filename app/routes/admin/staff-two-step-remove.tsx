import { data } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { requireRecentVerification } from '#app/staff/reverify.server'
import { removeStaffTotp, requireStaffAccountNamed } from '#app/staff/staff-accounts.server'
import { STAFF_PAGE } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { refusalResult, TaskRefusal } from '#app/components/staff/task-refusal'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/staff-two-step-remove'

// One task of the owners' staff page: remove another account's two-step verification (a lost phone
// and lost codes), after confirming it's you. One's own goes off on the account page.

export const handle: TaskHandle = { task: 'account' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  await readFormWithLimit(request, BODY_LIMITS.default)
  const account = await requireStaffAccountNamed(params.username)
  await requireRecentVerification(request, STAFF_PAGE)
  const removed = await removeStaffTotp(account.id, { actor: owner, context })
  if (!removed.ok) return data({ result: refusalResult(removed.message) }, { status: removed.status })
  return redirectWithToast(STAFF_PAGE, { title: `Two-step verification removed from ${removed.value.username}` })
}

export default function TwoStepRemoveRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="Two-step verification was not removed" result={actionData?.result} />
}
