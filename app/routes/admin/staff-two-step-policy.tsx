import { parseWithZod } from '@conform-to/zod/v4'
import { data, useRouteLoaderData } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { setTotpRequired } from '#app/staff/staff-accounts.server'
import { TotpPolicyForm } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { STAFF_PAGE, totpPolicySchema } from '#app/domain/staff'
import type { loader as staffLoader } from './staff'
import type { Route } from './+types/staff-two-step-policy'

// One task of the owners' staff page: require two-step verification of everyone, or stop.

export const handle: TaskHandle = { task: 'policy' }

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: totpPolicySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const required = submission.value.required ?? false
  const set = await setTotpRequired(required, { actor: owner, context })
  if (!set.ok) return data({ result: submission.reply({ formErrors: [set.message] }) }, { status: set.status })
  return redirectWithToast(STAFF_PAGE, {
    title: required ? 'Two-step verification is now required' : 'Two-step verification is now optional',
  })
}

export default function PolicyTask({ actionData }: Route.ComponentProps) {
  const page = useRouteLoaderData<typeof staffLoader>('routes/admin/staff')
  return <TotpPolicyForm required={page?.totpRequired ?? false} lastResult={actionData?.result} />
}
