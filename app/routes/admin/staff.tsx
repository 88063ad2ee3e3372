import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { isRecentlyVerified, requireRecentVerification, verifyPageFor } from '#app/staff/reverify.server'
import {
  type AccountResult,
  createStaffAccount,
  isTotpRequired,
  listStaffAccounts,
  removeStaffTotp,
  resetStaffPassword,
  setTotpRequired,
  updateStaffAccount,
} from '#app/staff/staff-accounts.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { type StaffColumn, StaffTable } from '#app/components/staff/staff-table'
import { buttonClasses } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { pageMeta } from '#app/domain/seo'
import {
  newStaffSchema,
  REVERIFY_WINDOW_MINUTES,
  ROLE_LABELS,
  SET_PASSWORD_LINK_HOURS,
  STAFF_ROLES,
  staffNameSchema,
} from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/staff'
import { formatCount } from '#app/domain/plural'

// Owners manage accounts: add one (its one-time set-password link is shown
// here once), disable or enable, change role, give a new set-password link, remove another account's
// two-step verification, and require two-step verification of everyone. Removing two-step, a new
// link and adding an owner need the password or a code from the last few minutes (reverify.server.ts);
// none of them is offered, nor accepted, for one's own account.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Staff accounts',
    description: 'Staff accounts.',
    path: '/admin/staff',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

const SELF = '/admin/staff'

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await requireOwner(request)
  const [accounts, totpRequired, verified] = await Promise.all([listStaffAccounts(), isTotpRequired(), isRecentlyVerified(request)])
  return { siteUrl: getEnv().SITE_URL, accounts, totpRequired, me: owner.id, verified, verifyUrl: verifyPageFor(request) }
}

type ActionData =
  | { intent: 'add'; result: SubmissionResult<string[]>; link: null; message: null }
  | { intent: string; result: undefined; link: { username: string; url: string } | null; message: string | null }

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const by = { actor: owner, context }
  const formData = await readFormWithLimit(request, BODY_LIMITS.default)
  const intent = String(formData.get('intent') ?? '')
  const id = String(formData.get('id') ?? '')
  const refused = (result: Extract<AccountResult<unknown>, { ok: false }>) =>
    data<ActionData>({ intent, result: undefined, link: null, message: result.message }, { status: result.status })
  const done = (title: string) => redirectWithToast(SELF, { title })

  switch (intent) {
    case 'add': {
      const submission = parseWithZod(formData, { schema: newStaffSchema })
      if (submission.status !== 'success')
        return data<ActionData>({ intent, result: submission.reply(), link: null, message: null }, { status: 400 })
      if (submission.value.role === 'owner') await requireRecentVerification(request)
      const created = await createStaffAccount(submission.value, by)
      if (!created.ok) {
        const errors = { [created.field ?? 'username']: [created.message] }
        return data<ActionData>(
          { intent, result: submission.reply({ fieldErrors: errors }), link: null, message: null },
          { status: created.status },
        )
      }
      // The link is in this answer only: just its hash is stored.
      return data<ActionData>({
        intent,
        result: undefined,
        link: { username: created.value.account.username, url: created.value.setPasswordUrl },
        message: null,
      })
    }
    case 'disable':
    case 'enable': {
      const updated = await updateStaffAccount(id, { disabled: intent === 'disable' }, by)
      return updated.ok
        ? done(intent === 'disable' ? `${updated.value.username} is disabled` : `${updated.value.username} is enabled`)
        : refused(updated)
    }
    case 'role': {
      const role = String(formData.get('role'))
      if (role !== 'owner' && role !== 'staff')
        return data<ActionData>({ intent, result: undefined, link: null, message: 'Choose owner or staff.' }, { status: 400 })
      if (role === 'owner') await requireRecentVerification(request)
      const updated = await updateStaffAccount(id, { role }, by)
      return updated.ok ? done(`${updated.value.username} is now ${ROLE_LABELS[role].toLowerCase()}`) : refused(updated)
    }
    case 'rename': {
      // The name visitors see beside a staff member's chat replies.
      const name = staffNameSchema.safeParse(formData.get('name') ?? '')
      if (!name.success)
        return data<ActionData>({ intent, result: undefined, link: null, message: name.error.issues[0]!.message }, { status: 400 })
      const updated = await updateStaffAccount(id, { name: name.data }, by)
      return updated.ok ? done(`${updated.value.username} is now called ${updated.value.name}`) : refused(updated)
    }
    case 'reset-password': {
      await requireRecentVerification(request)
      const reset = await resetStaffPassword(id, by)
      if (!reset.ok) return refused(reset)
      return data<ActionData>({
        intent,
        result: undefined,
        link: { username: reset.value.username, url: reset.value.setPasswordUrl },
        message: null,
      })
    }
    case 'remove-totp': {
      await requireRecentVerification(request)
      const removed = await removeStaffTotp(id, by)
      return removed.ok ? done(`Two-step verification removed from ${removed.value.username}`) : refused(removed)
    }
    case 'require-totp': {
      const required = formData.get('required') === 'on'
      const set = await setTotpRequired(required, by)
      if (!set.ok) return refused(set)
      return done(required ? 'Two-step verification is now required' : 'Two-step verification is now optional')
    }
    default:
      return data<ActionData>({ intent, result: undefined, link: null, message: 'Unknown action.' }, { status: 400 })
  }
}

const ACCOUNT_COLUMNS: StaffColumn[] = ['Username', 'Name', 'Role', 'Status', 'Two-step', 'Last sign-in', 'Actions'].map((label) => ({
  label,
}))
const primaryButton = buttonClasses('primary', '', 'sm')
const smallButton = 'rounded border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50'

function RowAction({
  id,
  username,
  intent,
  label,
  extra,
}: {
  id: string
  username: string
  intent: string
  label: string
  extra?: Record<string, string>
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={smallButton} aria-label={`${label}: ${username}`}>
        {label}
      </button>
    </Form>
  )
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, totpRequired, me, verified, verifyUrl } = loaderData
  const [form, fields] = useForm({
    id: 'add-staff',
    lastResult: actionData?.intent === 'add' ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newStaffSchema }),
    defaultValue: { role: 'staff' },
  })
  return (
    <>
      <StaffHeader
        title="Staff accounts"
        subtitle="Owners manage accounts and read the audit trail; staff use the rest of the staff area."
      />

      {verified ? null : (
        <p data-testid="reverify-notice" className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          Removing two-step verification, a new set-password link and adding an owner first ask for your password or a code (then not again
          for {REVERIFY_WINDOW_MINUTES} minutes).{' '}
          <Link to={verifyUrl} className="font-semibold underline">
            Confirm it’s you now
          </Link>
        </p>
      )}
      {actionData?.link ? (
        <div role="status" data-testid="set-password-link" className="mt-6 rounded-md border border-green-200 bg-green-50 p-4">
          <p className="font-semibold text-green-900">
            One-time link for {actionData.link.username}: give it to them in person or by a channel you trust. It works once, for{' '}
            {SET_PASSWORD_LINK_HOURS} hours, and is not shown again.
          </p>
          <p className="mt-2 font-mono text-sm break-all text-slate-900">
            <a href={actionData.link.url}>{actionData.link.url}</a>
          </p>
        </div>
      ) : null}
      {actionData?.message ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}

      <section aria-labelledby="accounts-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="accounts-heading" className="text-xl font-semibold text-slate-900">
          Accounts
        </h2>
        <StaffTable columns={ACCOUNT_COLUMNS} footnote={formatCount(accounts.length, 'account')} linkedRows={false}>
          {accounts.map((account) => (
            <tr key={account.id} className="border-b border-slate-100" data-testid={`staff-${account.username}`}>
              <td className="py-2 pr-4 font-medium text-slate-900">{account.username}</td>
              <td className="py-2 pr-4">
                <Form method="post" className="flex items-center gap-1">
                  <input type="hidden" name="intent" value="rename" />
                  <input type="hidden" name="id" value={account.id} />
                  <input
                    name="name"
                    defaultValue={account.name}
                    aria-label={`Name of ${account.username}`}
                    required
                    maxLength={100}
                    className="w-36 rounded border border-slate-300 px-2 py-1 text-sm"
                  />
                  <button type="submit" className={smallButton} aria-label={`Rename: ${account.username}`}>
                    Rename
                  </button>
                </Form>
              </td>
              <td className="py-2 pr-4">{ROLE_LABELS[account.role]}</td>
              <td className="py-2 pr-4">{account.disabled ? 'Disabled' : account.awaitingPassword ? 'Awaiting password' : 'Active'}</td>
              <td className="py-2 pr-4">{account.totpEnabled ? 'On' : 'Off'}</td>
              <td className="py-2 pr-4">{account.lastSignInAt ? formatAdminDate(account.lastSignInAt) : 'Never'}</td>
              <td className="py-2 pr-4">
                {account.id === me ? (
                  <Link to="/admin/account" className="text-brand-700 underline">
                    Your account
                  </Link>
                ) : (
                  <div className="flex flex-wrap gap-1">
                    <RowAction
                      id={account.id}
                      username={account.username}
                      intent="role"
                      label={account.role === 'owner' ? 'Make staff' : 'Make owner'}
                      extra={{ role: account.role === 'owner' ? 'staff' : 'owner' }}
                    />
                    <RowAction
                      id={account.id}
                      username={account.username}
                      intent={account.disabled ? 'enable' : 'disable'}
                      label={account.disabled ? 'Enable' : 'Disable'}
                    />
                    <RowAction id={account.id} username={account.username} intent="reset-password" label="New set-password link" />
                    {account.totpEnabled ? (
                      <RowAction id={account.id} username={account.username} intent="remove-totp" label="Remove two-step" />
                    ) : null}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      </section>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="add-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="add-heading" className="text-xl font-semibold text-slate-900">
            Add an account
          </h2>
          <Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="add" />
            <Field
              label="Username"
              field={fields.username}
              render={(props) => <input {...props} {...getInputProps(fields.username, { type: 'text' })} autoComplete="off" required />}
            />
            <Field
              label="Name"
              field={fields.name}
              render={(props) => <input {...props} {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" required />}
            />
            <Field
              label="Role"
              field={fields.role}
              render={(props) => (
                <select {...props} {...getSelectProps(fields.role)}>
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              )}
            />
            <button type="submit" className={primaryButton}>
              Add account
            </button>
          </Form>
        </section>
        <section aria-labelledby="policy-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="policy-heading" className="text-xl font-semibold text-slate-900">
            Two-step verification for everyone
          </h2>
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="require-totp" />
            <label className="flex items-center gap-2 text-slate-800">
              <input type="checkbox" name="required" defaultChecked={totpRequired} className="size-4" />
              Require two-step verification: accounts without it can only set it up until they do
            </label>
            <button type="submit" className={adminButtonClass}>
              Save
            </button>
          </Form>
        </section>
      </div>
    </>
  )
}
