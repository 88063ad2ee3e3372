import { parseWithZod } from '@conform-to/zod/v4'
import { data, useRouteLoaderData } from 'react-router'
import { ownerTaskOnAccount } from '#app/staff/owner-task.server'
import { updateStaffAccount } from '#app/staff/staff-accounts.server'
import { RenameForm } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { renameStaffSchema, STAFF_PAGE } from '#app/domain/staff'
import type { loader as staffLoader } from './staff'
import type { Route } from './+types/staff-name'

// One task of the owners' staff page: the name visitors see beside an account's chat replies.

export const handle: TaskHandle = { task: 'rename' }

export async function action(args: Route.ActionArgs) {
  const { account, formData, by } = await ownerTaskOnAccount(args)
  const submission = parseWithZod(formData, { schema: renameStaffSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const updated = await updateStaffAccount(account.id, { name: submission.value.name }, by)
  if (!updated.ok) return data({ result: submission.reply({ fieldErrors: { name: [updated.message] } }) }, { status: updated.status })
  return redirectWithToast(STAFF_PAGE, { title: `${updated.value.username} is now called ${updated.value.name}` })
}

export default function RenameTask({ actionData, params }: Route.ComponentProps) {
  const page = useRouteLoaderData<typeof staffLoader>('routes/admin/staff')
  const name = page?.accounts.find((account) => account.username === params.username)?.name ?? ''
  return <RenameForm username={params.username} name={name} lastResult={actionData?.result} />
}
