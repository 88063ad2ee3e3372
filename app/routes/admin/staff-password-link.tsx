import { data } from 'react-router'
import { ownerTaskOnAccount } from '#app/staff/owner-task.server'
import { resetStaffPassword } from '#app/staff/staff-accounts.server'
import { SetPasswordLink } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { refusalResult } from '#app/lib/http/failure-messages'
import type { Route } from './+types/staff-password-link'

// One task of the owners' staff page: a new one-time set-password link for another account (its
// password stops working, its sessions end), after confirming it's you; the link is in this answer only.

export const handle: TaskHandle = { task: 'account' }

export async function action(args: Route.ActionArgs) {
  const { account, by } = await ownerTaskOnAccount(args, { reverify: true })
  const reset = await resetStaffPassword(account.id, by)
  if (!reset.ok) return data({ result: refusalResult(reset.message), link: null }, { status: reset.status })
  return data({ result: undefined, link: { username: reset.value.username, url: reset.value.setPasswordUrl } })
}

export default function PasswordLinkTask({ actionData }: Route.ComponentProps) {
  const link = actionData?.link
  if (link) return <SetPasswordLink username={link.username} url={link.url} />
  return <TaskRefusal title="No new link was made" result={actionData?.result} />
}
