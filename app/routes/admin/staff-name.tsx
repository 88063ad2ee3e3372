import { parseWithZod } from '@conform-to/zod/v4'
import { data, useRouteLoaderData } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { requireStaffAccountNamed, updateStaffAccount } from '#app/staff/staff-accounts.server'
import { RenameForm, STAFF_PAGE } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { renameStaffSchema } from '#app/domain/staff'
import type { loader as staffLoader } from './staff'
import type { Route } from './+types/staff-name'

// One task of the owners' staff page: the name visitors see beside an account's chat replies.

export const handle: TaskHandle = { task: 'rename' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const formData = await readFormWithLimit(request, BODY_LIMITS.default)
  const account = await requireStaffAccountNamed(params.username)
  const submission = parseWithZod(formData, { schema: renameStaffSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const updated = await updateStaffAccount(account.id, { name: submission.value.name }, { actor: owner, context })
  if (!updated.ok) return data({ result: submission.reply({ fieldErrors: { name: [updated.message] } }) }, { status: updated.status })
  return redirectWithToast(STAFF_PAGE, { title: `${updated.value.username} is now called ${updated.value.name}` })
}

export default function RenameTask({ actionData, params }: Route.ComponentProps) {
  const page = useRouteLoaderData<typeof staffLoader>('routes/admin/staff')
  const name = page?.accounts.find((account) => account.username === params.username)?.name ?? ''
  return <RenameForm username={params.username} name={name} lastResult={actionData?.result} />
}
