import { useTaskOutlet } from '#app/components/staff/task-outlet'
import { Card } from '#app/components/staff/card'
import { StaffHeader } from '#app/components/staff/staff-header'
import { ChangePasswordForm, RecoveryCodesForm, TotpConfirmForm, TotpRemoveForm, TotpStartForm } from '#app/components/staff/account-forms'
import { Warning } from '#app/components/ui/warning'
import { requireAdmin } from '#app/staff/require-admin.server'
import { isTotpRequired, ownAccountDetails } from '#app/staff/staff-accounts.server'
import { ownTwoStepStatus } from '#app/staff/totp.server'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { pageMeta } from '#app/domain/seo'
import { MIN_PASSWORD_LENGTH, ROLE_LABELS } from '#app/domain/staff'
import type { Route } from './+types/account'

// Everyone's own account: change the password, turn two-step verification on (QR code drawn on the
// server, the secret as text, a first code, ten recovery codes shown once) or off, and replace the
// recovery codes. Each form posts to its own task route (account-*.tsx), which shows it again here
// when it refuses.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Your account',
    description: 'Staff account.',
    path: '/admin/account',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const [details, totp] = await Promise.all([ownAccountDetails(admin.id), ownTwoStepStatus(admin.id, admin.username)])
  return {
    siteUrl: getEnv().SITE_URL,
    account: { username: admin.username, name: details.name, role: admin.role },
    totp,
    totpRequired: !totp.enabled && (await isTotpRequired()),
    passwordChangedAt: details.passwordChangedAt,
  }
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { account, totp, totpRequired, passwordChangedAt } = loaderData
  const { slot } = useTaskOutlet()

  return (
    <div className="max-w-3xl">
      <StaffHeader
        title="Your account"
        subtitle={`Signed in as ${account.username}${account.name ? ` (${account.name})` : ''}, ${ROLE_LABELS[account.role]}.`}
      />
      {totpRequired ? (
        <Warning className="mt-4">Owners require two-step verification for every account. Turn it on below to use the staff area.</Warning>
      ) : null}

      <Card title="Two-step verification" id="two-step" className="mt-8">
        {totp.enabled ? (
          <>
            {/* The recovery codes of the code that just turned it on. */}
            {slot('totp-confirm', null)}
            <p className="mt-2 text-slate-700" data-testid="totp-status">
              On since {totp.enabledAt ? formatAdminDate(totp.enabledAt) : 'earlier'}. Sign-in asks for a code from your app after your
              password. Recovery codes left: {totp.recoveryCodesLeft}.
            </p>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              <div className="min-w-0">{slot('recovery-codes', <RecoveryCodesForm />)}</div>
              <div className="min-w-0">{slot('totp-remove', <TotpRemoveForm />)}</div>
            </div>
          </>
        ) : totp.enrolment ? (
          <div className="mt-4 grid gap-6 md:grid-cols-[auto_1fr]">
            <div>
              {/* Drawn on the server from our own otpauth address: markup we made, not user input. */}
              <div
                role="img"
                aria-label="QR code for your authenticator app"
                className="size-48 [&>svg]:size-full"
                dangerouslySetInnerHTML={{ __html: totp.enrolment.qrSvg }}
              />
            </div>
            <div className="min-w-0">
              <p className="text-slate-700">
                Scan the code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…), or type this key into
                it:
              </p>
              <p data-testid="totp-secret" className="mt-2 font-mono text-lg tracking-wider break-all text-slate-900">
                {totp.enrolment.secretText}
              </p>
              {slot('totp-confirm', <TotpConfirmForm />)}
            </div>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700" data-testid="totp-status">
              Off. With it on, sign-in asks for a code from an app on your phone after your password, so a stolen password alone is not
              enough.
            </p>
            <TotpStartForm />
          </>
        )}
      </Card>

      <Card title="Change password" id="password" className="mt-8">
        <p className="mt-1 text-sm text-slate-600">At least {MIN_PASSWORD_LENGTH} characters. Your sessions in other browsers end.</p>
        {/* Keyed by the last change, so a changed password's fields empty (with JavaScript the page stays mounted). */}
        {slot('password', <ChangePasswordForm key={passwordChangedAt ?? 'never'} username={account.username} />)}
      </Card>
    </div>
  )
}
