import { parseWithZod } from '@conform-to/zod/v4'
import { data, useRouteLoaderData } from 'react-router'
import { passwordCheckRefusal } from '#app/staff/account-tasks.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { changeOwnPassword } from '#app/staff/staff-accounts.server'
import { ChangePasswordForm } from '#app/components/staff/account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { changePasswordSchema } from '#app/domain/staff'
import type { loader as accountLoader } from './account'
import type { Route } from './+types/account-password'

// One task of one's own account page: a new password, given the current one. Its other sessions end.
// No loader: after a refusal the page stays at this address and this form shows its message.

export const handle: TaskHandle = { task: 'password' }

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: changePasswordSchema })
  const hideFields = ['currentPassword', 'password', 'confirm']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const changed = await changeOwnPassword(request, submission.value, { actor: admin, context })
  const refused = passwordCheckRefusal(changed)
  if (refused) {
    const { status, headers, ...errors } = refused
    return data({ result: submission.reply({ ...errors, hideFields }) }, { status, headers })
  }
  return redirectWithToast('/admin/account', { title: 'Password changed', description: 'Your other sessions were signed out.' })
}

export default function PasswordTask({ actionData }: Route.ComponentProps) {
  const page = useRouteLoaderData<typeof accountLoader>('routes/admin/account')
  return <ChangePasswordForm username={page?.account.username ?? ''} lastResult={actionData?.result} />
}
