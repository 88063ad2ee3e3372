import { data } from 'react-router'
import { ownerTaskOnAccount } from '#app/staff/owner-task.server'
import { removeStaffTotp } from '#app/staff/staff-accounts.server'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { refusalResult } from '#app/lib/http/failure-messages'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { STAFF_PAGE } from '#app/domain/staff'
import type { Route } from './+types/staff-two-step-remove'

// One task of the owners' staff page: remove another account's two-step verification (a lost phone
// and lost codes), after confirming it's you. One's own goes off on the account page.

export const handle: TaskHandle = { task: 'account' }

export async function action(args: Route.ActionArgs) {
  const { account, by } = await ownerTaskOnAccount(args, { reverify: true })
  const removed = await removeStaffTotp(account.id, by)
  if (!removed.ok) return data({ result: refusalResult(removed.message) }, { status: removed.status })
  return redirectWithToast(STAFF_PAGE, { title: `Two-step verification removed from ${removed.value.username}` })
}

export default function TwoStepRemoveRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="Two-step verification was not removed" result={actionData?.result} />
}
