import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { passwordCheckRefusal } from '#app/staff/account-tasks.server'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { checkOwnPassword } from '#app/staff/staff-accounts.server'
import { removeTotp } from '#app/staff/totp.server'
import { TotpRemoveForm } from '#app/components/staff/account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { currentPasswordSchema } from '#app/domain/staff'
import type { Route } from './+types/account-two-step-remove'

// One task of one's own account page: turn two-step verification off, given the current password.

export const handle: TaskHandle = { task: 'totp-remove' }

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: currentPasswordSchema })
  const hideFields = ['currentPassword']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const refused = passwordCheckRefusal(await checkOwnPassword(admin.id, submission.value.currentPassword))
  if (refused) {
    const { status, headers, ...errors } = refused
    return data({ result: submission.reply({ ...errors, hideFields }) }, { status, headers })
  }
  await removeTotp(admin.id)
  await recordAudit({ actor: admin, context, kind: 'totp', action: 'turned off own two-step verification', target: `user:${admin.id}` })
  return redirectWithToast('/admin/account', { title: 'Two-step verification is off' })
}

export default function TotpRemoveTask({ actionData }: Route.ComponentProps) {
  return <TotpRemoveForm lastResult={actionData?.result} />
}
