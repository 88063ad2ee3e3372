import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { requireRecentVerification } from '#app/staff/reverify.server'
import { createStaffAccount } from '#app/staff/staff-accounts.server'
import { AddAccountForm, SetPasswordLink } from '#app/components/staff/staff-account-forms'
import type { TaskHandle } from '#app/components/staff/task-outlet'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { newStaffSchema, STAFF_PAGE } from '#app/domain/staff'
import type { Route } from './+types/staff-add'

// One task of the owners' staff page: add an account. Its one-time set-password link is in this
// answer only; adding an owner first asks the owner to confirm it's them (reverify.server.ts).

export const handle: TaskHandle = { task: 'add' }

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.default), { schema: newStaffSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), link: null }, { status: 400 })
  if (submission.value.role === 'owner') await requireRecentVerification(request, STAFF_PAGE)
  const created = await createStaffAccount(submission.value, { actor: owner, context })
  if (!created.ok)
    return data(
      { result: submission.reply({ fieldErrors: { [created.field ?? 'username']: [created.message] } }), link: null },
      { status: created.status },
    )
  const link = { username: created.value.account.username, url: created.value.setPasswordUrl }
  return data({ result: submission.reply({ resetForm: true }), link })
}

export default function AddTask({ actionData }: Route.ComponentProps) {
  const link = actionData?.link
  return (
    <>
      {link ? <SetPasswordLink username={link.username} url={link.url} /> : null}
      <AddAccountForm key={link?.url ?? 'form'} lastResult={link ? undefined : actionData?.result} />
    </>
  )
}
