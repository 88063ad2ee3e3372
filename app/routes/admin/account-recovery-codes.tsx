import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { passwordCheckRefusal } from '#app/staff/account-tasks.server'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { checkOwnPassword } from '#app/staff/staff-accounts.server'
import { replaceRecoveryCodes } from '#app/staff/totp.server'
import { RecoveryCodesForm, RecoveryCodesList } from '#app/components/staff/account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { currentPasswordSchema } from '#app/domain/staff'
import type { Route } from './+types/account-recovery-codes'

// One task of one's own account page: ten new recovery codes (the old ones stop working), given
// the current password; shown in this answer once.

export const handle: TaskHandle = { task: 'recovery-codes' }

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: currentPasswordSchema })
  const hideFields = ['currentPassword']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }), recoveryCodes: null }, { status: 400 })
  if (!admin.totpEnabled)
    return data(
      { result: submission.reply({ formErrors: ['Turn on two-step verification first.'], hideFields }), recoveryCodes: null },
      { status: 409 },
    )
  const refused = passwordCheckRefusal(await checkOwnPassword(admin.id, submission.value.currentPassword))
  if (refused) {
    const { status, headers, ...errors } = refused
    return data({ result: submission.reply({ ...errors, hideFields }), recoveryCodes: null }, { status, headers })
  }
  const codes = await replaceRecoveryCodes(admin.id)
  await recordAudit({ actor: admin, context, kind: 'totp', action: 'replaced recovery codes', target: `user:${admin.id}` })
  return data({ result: submission.reply({ resetForm: true }), recoveryCodes: codes })
}

export default function RecoveryCodesTask({ actionData }: Route.ComponentProps) {
  return (
    <>
      {actionData?.recoveryCodes ? <RecoveryCodesList codes={actionData.recoveryCodes} /> : null}
      <div className={actionData?.recoveryCodes ? 'mt-4' : undefined}>
        <RecoveryCodesForm lastResult={actionData?.result} />
      </div>
    </>
  )
}
