import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { requireRecentVerification } from '#app/staff/reverify.server'
import { requireStaffAccountNamed, updateStaffAccount } from '#app/staff/staff-accounts.server'
import { STAFF_PAGE } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { refusalResult, TaskRefusal } from '#app/components/staff/task-refusal'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { ROLE_LABELS, roleChangeSchema } from '#app/domain/staff'
import type { Route } from './+types/staff-role'

// One task of the owners' staff page: make an account an owner (after confirming it's you) or staff.
// Some active owner always remains (staff-accounts.server.ts).

export const handle: TaskHandle = { task: 'account' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const formData = await readFormWithLimit(request, BODY_LIMITS.default)
  const account = await requireStaffAccountNamed(params.username)
  const submission = parseWithZod(formData, { schema: roleChangeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { role } = submission.value
  if (role === 'owner') await requireRecentVerification(request, STAFF_PAGE)
  const updated = await updateStaffAccount(account.id, { role }, { actor: owner, context })
  if (!updated.ok) return data({ result: refusalResult(updated.message) }, { status: updated.status })
  return redirectWithToast(STAFF_PAGE, { title: `${updated.value.username} is now ${ROLE_LABELS[role].toLowerCase()}` })
}

export default function RoleRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The role was not changed" result={actionData?.result} />
}
