import { parseWithZod } from '@conform-to/zod/v4'
import { data, useRouteLoaderData } from 'react-router'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { confirmTotpEnrolment, TOO_MANY_CODES_MESSAGE } from '#app/staff/totp.server'
import { RecoveryCodesList, TotpConfirmForm } from '#app/components/staff/account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { totpConfirmSchema } from '#app/domain/staff'
import type { loader as accountLoader } from './account'
import type { Route } from './+types/account-two-step-confirm'

// One task of one's own account page: the first code from the app turns two-step verification on,
// and the answer carries the ten recovery codes, shown here once.

export const handle: TaskHandle = { task: 'totp-confirm' }

const WRONG_FIRST_CODE = 'That code does not match. Check the time on your phone and enter the newest code.'

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: totpConfirmSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), recoveryCodes: null }, { status: 400 })
  if (admin.totpEnabled)
    return data(
      { result: submission.reply({ formErrors: ['Two-step verification is already on.'] }), recoveryCodes: null },
      { status: 409 },
    )
  const enrolled = await confirmTotpEnrolment(admin.id, submission.value.code, requestInfo(context).clientIp)
  if (enrolled.outcome === 'rate-limited')
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_CODES_MESSAGE] }), recoveryCodes: null },
      { status: 429, headers: { 'Retry-After': String(enrolled.retryAfterSeconds) } },
    )
  if (enrolled.outcome === 'invalid')
    return data({ result: submission.reply({ fieldErrors: { code: [WRONG_FIRST_CODE] } }), recoveryCodes: null }, { status: 400 })
  await recordAudit({ actor: admin, context, kind: 'totp', action: 'turned on two-step verification', target: `user:${admin.id}` })
  // Shown in this answer only: never stored in plain text, never shown again.
  return data({ result: submission.reply({ resetForm: true }), recoveryCodes: enrolled.recoveryCodes })
}

export default function TotpConfirmTask({ actionData }: Route.ComponentProps) {
  const page = useRouteLoaderData<typeof accountLoader>('routes/admin/account')
  if (actionData?.recoveryCodes) return <RecoveryCodesList codes={actionData.recoveryCodes} />
  // Once on, the page has no first-code form left to show again.
  return page?.totp.enabled ? null : <TotpConfirmForm lastResult={actionData?.result} />
}
