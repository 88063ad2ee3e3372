import { data } from 'react-router'
import { ownerTaskOnAccount } from '#app/staff/owner-task.server'
import { updateStaffAccount } from '#app/staff/staff-accounts.server'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { refusalResult } from '#app/lib/http/failure-messages'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { STAFF_PAGE } from '#app/domain/staff'
import type { Route } from './+types/staff-access'

// Two tasks of the owners' staff page, /disable and /enable: the address says which and whose,
// the body nothing. Disabling ends the account's sessions; some active owner always remains.

export const handle: TaskHandle = { task: 'account' }

export async function action(args: Route.ActionArgs) {
  const { account, by } = await ownerTaskOnAccount(args)
  const disabling = new URL(args.request.url).pathname.replace(/\.data$/, '').endsWith('/disable')
  const updated = await updateStaffAccount(account.id, { disabled: disabling }, by)
  if (!updated.ok) return data({ result: refusalResult(updated.message) }, { status: updated.status })
  return redirectWithToast(STAFF_PAGE, { title: `${updated.value.username} is ${disabling ? 'disabled' : 'enabled'}` })
}

export default function AccessRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The account was not changed" result={actionData?.result} />
}
