import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { ownerTaskOnAccount } from '#app/staff/owner-task.server'
import { requireRecentVerification } from '#app/staff/reverify.server'
import { updateStaffAccount } from '#app/staff/staff-accounts.server'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { refusalResult } from '#app/lib/http/failure-messages'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { ROLE_LABELS, roleChangeSchema, STAFF_PAGE } from '#app/domain/staff'
import type { Route } from './+types/staff-role'

// One task of the owners' staff page: make an account an owner (after confirming it's you) or staff.
// Some active owner always remains (staff-accounts.server.ts).

export const handle: TaskHandle = { task: 'account' }

export async function action(args: Route.ActionArgs) {
  const { account, formData, by } = await ownerTaskOnAccount(args)
  const submission = parseWithZod(formData, { schema: roleChangeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { role } = submission.value
  if (role === 'owner') await requireRecentVerification(args.request, STAFF_PAGE)
  const updated = await updateStaffAccount(account.id, { role }, by)
  if (!updated.ok) return data({ result: refusalResult(updated.message) }, { status: updated.status })
  return redirectWithToast(STAFF_PAGE, { title: `${updated.value.username} is now ${ROLE_LABELS[role].toLowerCase()}` })
}

export default function RoleRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The role was not changed" result={actionData?.result} />
}
