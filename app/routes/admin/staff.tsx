import { Link } from 'react-router'
import { requireOwner } from '#app/staff/require-admin.server'
import { isRecentlyVerified, verifyPageFor } from '#app/staff/reverify.server'
import { isTotpRequired, listStaffAccounts } from '#app/staff/staff-accounts.server'
import { Card } from '#app/components/staff/card'
import { StaffHeader } from '#app/components/staff/staff-header'
import { AccountTaskButton, AddAccountForm, RenameForm, TotpPolicyForm } from '#app/components/staff/staff-account-forms'
import { type StaffColumn, StaffTable } from '#app/components/staff/staff-table'
import { useTaskOutlet } from '#app/components/staff/task-outlet'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { formatCount } from '#app/domain/plural'
import { pageMeta } from '#app/domain/seo'
import { REVERIFY_WINDOW_MINUTES, ROLE_LABELS, STAFF_PAGE } from '#app/domain/staff'
import type { Route } from './+types/staff'

// Owners manage accounts: add one (its one-time set-password link is shown here once), disable or
// enable, change role, give a new set-password link, remove another account's two-step verification,
// and require two-step verification of everyone. Each form posts to its own task route (staff-*.tsx,
// the account named in the address), which shows its answer inside this page. Removing two-step, a new
// link and adding an owner need the password or a code from the last few minutes (reverify.server.ts);
// none of them is offered, nor accepted, for one's own account.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Staff accounts',
    description: 'Staff accounts.',
    path: STAFF_PAGE,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await requireOwner(request)
  const [accounts, totpRequired, verified] = await Promise.all([listStaffAccounts(), isTotpRequired(), isRecentlyVerified(request)])
  // Back to this page after confirming, also when it is shown at a task's address.
  return { siteUrl: getEnv().SITE_URL, accounts, totpRequired, me: owner.id, verified, verifyUrl: verifyPageFor(request, STAFF_PAGE) }
}

const ACCOUNT_COLUMNS: StaffColumn[] = ['Username', 'Name', 'Role', 'Status', 'Two-step', 'Last sign-in', 'Actions'].map((label) => ({
  label,
}))

export default function StaffAccounts({ loaderData }: Route.ComponentProps) {
  const { accounts, totpRequired, me, verified, verifyUrl } = loaderData
  const { slot } = useTaskOutlet()
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
      {/* A row button's answer: why it was refused, or the new set-password link. */}
      {slot('account', null)}

      <Card title="Accounts" className="mt-8">
        <StaffTable columns={ACCOUNT_COLUMNS} footnote={formatCount(accounts.length, 'account')} linkedRows={false}>
          {accounts.map((account) => (
            <tr key={account.id} className="border-b border-slate-100" data-testid={`staff-${account.username}`}>
              <td className="py-2 pr-4 font-medium text-slate-900">{account.username}</td>
              <td className="py-2 pr-4">
                {slot('rename', <RenameForm username={account.username} name={account.name} />, account.username)}
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
                    <AccountTaskButton
                      username={account.username}
                      task="role"
                      label={account.role === 'owner' ? 'Make staff' : 'Make owner'}
                      value={{ name: 'role', value: account.role === 'owner' ? 'staff' : 'owner' }}
                    />
                    <AccountTaskButton
                      username={account.username}
                      task={account.disabled ? 'enable' : 'disable'}
                      label={account.disabled ? 'Enable' : 'Disable'}
                    />
                    <AccountTaskButton username={account.username} task="password-link" label="New set-password link" />
                    {account.totpEnabled ? (
                      <AccountTaskButton username={account.username} task="two-step/remove" label="Remove two-step" />
                    ) : null}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      </Card>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card title="Add an account" id="add">
          {slot('add', <AddAccountForm />)}
        </Card>
        <Card title="Two-step verification for everyone" id="two-step-policy">
          {slot('policy', <TotpPolicyForm required={totpRequired} />)}
        </Card>
      </div>
    </>
  )
}
