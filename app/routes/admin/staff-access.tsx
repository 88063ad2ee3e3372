import { data } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { requireStaffAccountNamed, updateStaffAccount } from '#app/staff/staff-accounts.server'
import { STAFF_PAGE } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { refusalResult, TaskRefusal } from '#app/components/staff/task-refusal'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/staff-access'

// Two tasks of the owners' staff page, /disable and /enable: the address says which and whose,
// the body nothing. Disabling ends the account's sessions; some active owner always remains.

export const handle: TaskHandle = { task: 'account' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  await readFormWithLimit(request, BODY_LIMITS.default)
  const account = await requireStaffAccountNamed(params.username)
  const disabling = new URL(request.url).pathname.replace(/\.data$/, '').endsWith('/disable')
  const updated = await updateStaffAccount(account.id, { disabled: disabling }, { actor: owner, context })
  if (!updated.ok) return data({ result: refusalResult(updated.message) }, { status: updated.status })
  return redirectWithToast(STAFF_PAGE, { title: `${updated.value.username} is ${disabling ? 'disabled' : 'enabled'}` })
}

export default function AccessRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The account was not changed" result={actionData?.result} />
}
