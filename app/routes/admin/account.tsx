import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { z } from 'zod'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { changeOwnPassword, checkOwnPassword, isTotpRequired, ownAccountDetails } from '#app/staff/staff-accounts.server'
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  ownTwoStepStatus,
  pendingTotpSecret,
  removeTotp,
  replaceRecoveryCodes,
  TOO_MANY_CODES_MESSAGE,
} from '#app/staff/totp.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { FormError } from '#app/components/ui/form-error'
import { Field } from '#app/components/ui/field'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { pageMeta } from '#app/domain/seo'
import { changePasswordSchema, MIN_PASSWORD_LENGTH, ROLE_LABELS, secondFactorCodeSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/account'

// Everyone's own account: change the password, turn two-step verification
// on (QR code drawn on the server, the secret as text, a first code, ten recovery codes shown once)
// or off, and replace the recovery codes.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Your account',
    description: 'Staff account.',
    path: '/admin/account',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

const SELF = '/admin/account'
const passwordCheckSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
})
const confirmCodeSchema = z.object({ code: secondFactorCodeSchema })
const INTENTS = ['change-password', 'totp-start', 'totp-confirm', 'totp-cancel', 'totp-off', 'recovery-codes'] as const
type Intent = (typeof INTENTS)[number]

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

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const formData = await readFormWithLimit(request, BODY_LIMITS.default)
  const intent = String(formData.get('intent') ?? '') as Intent
  if (!INTENTS.includes(intent)) return data({ intent, result: undefined, recoveryCodes: null }, { status: 400 })
  const by = { actor: admin, context }
  const reply = (result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
    data({ intent, result, recoveryCodes: null as string[] | null }, { status, headers })

  switch (intent) {
    case 'change-password': {
      const submission = parseWithZod(formData, { schema: changePasswordSchema })
      const hidden = { hideFields: ['currentPassword', 'password', 'confirm'] }
      if (submission.status !== 'success') return reply(submission.reply(hidden), 400)
      const changed = await changeOwnPassword(request, submission.value, by)
      if (changed.outcome === 'rate-limited')
        return reply(submission.reply({ formErrors: [TOO_MANY_PASSWORD_CHECKS], ...hidden }), 429, {
          'Retry-After': String(changed.retryAfterSeconds),
        })
      if (changed.outcome === 'wrong-password')
        return reply(submission.reply({ fieldErrors: { currentPassword: [WRONG_PASSWORD] }, ...hidden }), 400)
      return redirectWithToast(SELF, { title: 'Password changed', description: 'Your other sessions were signed out.' })
    }
    case 'totp-start': {
      if (admin.totpEnabled) return redirect(SELF)
      await pendingTotpSecret(admin.id)
      return redirect(`${SELF}#two-step`)
    }
    case 'totp-cancel': {
      await cancelTotpEnrolment(admin.id)
      return redirect(SELF)
    }
    case 'totp-confirm': {
      const submission = parseWithZod(formData, { schema: confirmCodeSchema })
      if (submission.status !== 'success') return reply(submission.reply(), 400)
      const enrolled = await confirmTotpEnrolment(admin.id, submission.value.code, requestInfo(context).clientIp)
      if (enrolled.outcome === 'rate-limited')
        return reply(submission.reply({ formErrors: [TOO_MANY_CODES_MESSAGE] }), 429, { 'Retry-After': String(enrolled.retryAfterSeconds) })
      if (enrolled.outcome === 'invalid') return reply(submission.reply({ fieldErrors: { code: [WRONG_FIRST_CODE] } }), 400)
      await recordAudit({ ...by, kind: 'totp', action: 'turned on two-step verification', target: `user:${admin.id}` })
      // Shown in this answer only: never stored in plain text, never shown again.
      return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes: enrolled.recoveryCodes })
    }
    case 'totp-off':
    case 'recovery-codes': {
      const submission = parseWithZod(formData, { schema: passwordCheckSchema })
      const hidden = { hideFields: ['currentPassword'] }
      if (submission.status !== 'success') return reply(submission.reply(hidden), 400)
      const check = await checkOwnPassword(admin.id, submission.value.currentPassword)
      if (check.outcome === 'rate-limited')
        return reply(submission.reply({ formErrors: [TOO_MANY_PASSWORD_CHECKS], ...hidden }), 429, {
          'Retry-After': String(check.retryAfterSeconds),
        })
      if (check.outcome === 'wrong-password')
        return reply(submission.reply({ fieldErrors: { currentPassword: [WRONG_PASSWORD] }, ...hidden }), 400)
      if (intent === 'totp-off') {
        await removeTotp(admin.id)
        await recordAudit({ ...by, kind: 'totp', action: 'turned off own two-step verification', target: `user:${admin.id}` })
        return redirectWithToast(SELF, { title: 'Two-step verification is off' })
      }
      const codes = await replaceRecoveryCodes(admin.id)
      await recordAudit({ ...by, kind: 'totp', action: 'replaced recovery codes', target: `user:${admin.id}` })
      return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes: codes })
    }
  }
}

const WRONG_PASSWORD = 'That is not your current password.'
const TOO_MANY_PASSWORD_CHECKS = 'Too many wrong passwords. Please wait 15 minutes and try again.'
const WRONG_FIRST_CODE = 'That code does not match. Check the time on your phone and enter the newest code.'

const primaryButton = buttonClasses('primary', '', 'sm')
const sectionClass = 'mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm'

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { account, totp, totpRequired } = loaderData
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined)
  const [passwordForm, passwordFields] = useForm({
    id: 'change-password',
    lastResult: resultFor('change-password'),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  })
  const [codeForm, codeFields] = useForm({
    id: 'totp-confirm',
    lastResult: resultFor('totp-confirm'),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmCodeSchema }),
  })
  const [offForm, offFields] = useForm({
    id: 'totp-off',
    lastResult: resultFor('totp-off'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordCheckSchema }),
  })
  const [codesForm, codesFields] = useForm({
    id: 'recovery-codes',
    lastResult: resultFor('recovery-codes'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordCheckSchema }),
  })
  const recoveryCodes = actionData?.recoveryCodes ?? null
  const pending = useIsPending()

  return (
    <div className="max-w-3xl">
      <StaffHeader
        title="Your account"
        subtitle={`Signed in as ${account.username}${account.name ? ` (${account.name})` : ''}, ${ROLE_LABELS[account.role]}.`}
      />
      {totpRequired ? (
        <p role="alert" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Owners require two-step verification for every account. Turn it on below to use the staff area.
        </p>
      ) : null}

      <section id="two-step" aria-labelledby="two-step-heading" className={sectionClass}>
        <h2 id="two-step-heading" className="text-xl font-semibold text-slate-900">
          Two-step verification
        </h2>
        {recoveryCodes ? (
          <div data-testid="recovery-codes" className="mt-4 rounded-md border border-green-200 bg-green-50 p-4">
            <p className="font-semibold text-green-900">
              Your recovery codes. Keep them somewhere safe: each works once if you lose your phone, and they are not shown again.
            </p>
            <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-slate-900">
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {totp.enabled ? (
          <>
            <p className="mt-2 text-slate-700" data-testid="totp-status">
              On since {totp.enabledAt ? formatAdminDate(totp.enabledAt) : 'earlier'}. Sign-in asks for a code from your app after your
              password. Recovery codes left: {totp.recoveryCodesLeft}.
            </p>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              <Form method="post" className="space-y-3" {...getFormProps(codesForm)}>
                <input type="hidden" name="intent" value="recovery-codes" />
                <h3 className="font-semibold text-slate-900">New recovery codes</h3>
                <FormError errors={codesForm.errors} id={codesForm.errorId} />
                <Field
                  label="Current password"
                  field={codesFields.currentPassword}
                  render={(props) => (
                    <input
                      {...props}
                      {...getInputProps(codesFields.currentPassword, { type: 'password' })}
                      autoComplete="current-password"
                      required
                    />
                  )}
                />
                <button type="submit" className={adminButtonClass}>
                  Make new recovery codes
                </button>
              </Form>
              <Form method="post" className="space-y-3" {...getFormProps(offForm)}>
                <input type="hidden" name="intent" value="totp-off" />
                <h3 className="font-semibold text-slate-900">Turn off</h3>
                <FormError errors={offForm.errors} id={offForm.errorId} />
                <Field
                  label="Current password"
                  field={offFields.currentPassword}
                  render={(props) => (
                    <input
                      {...props}
                      {...getInputProps(offFields.currentPassword, { type: 'password' })}
                      autoComplete="current-password"
                      required
                    />
                  )}
                />
                <button type="submit" className={adminButtonClass}>
                  Turn off two-step verification
                </button>
              </Form>
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
            <div>
              <p className="text-slate-700">
                Scan the code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…), or type this key into
                it:
              </p>
              <p data-testid="totp-secret" className="mt-2 font-mono text-lg tracking-wider break-all text-slate-900">
                {totp.enrolment.secretText}
              </p>
              <Form method="post" className="mt-4 space-y-3" {...getFormProps(codeForm)}>
                <input type="hidden" name="intent" value="totp-confirm" />
                <FormError errors={codeForm.errors} id={codeForm.errorId} />
                <Field
                  label="First code from the app"
                  field={codeFields.code}
                  render={(props) => (
                    <input
                      {...props}
                      {...getInputProps(codeFields.code, { type: 'text' })}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      required
                    />
                  )}
                />
                <StatusButton pending={pending} size="sm">
                  Turn on
                </StatusButton>
              </Form>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="totp-cancel" />
                <button type="submit" className="text-sm text-slate-600 underline">
                  Cancel
                </button>
              </Form>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700" data-testid="totp-status">
              Off. With it on, sign-in asks for a code from an app on your phone after your password, so a stolen password alone is not
              enough.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="totp-start" />
              <button type="submit" className={primaryButton}>
                Set up two-step verification
              </button>
            </Form>
          </>
        )}
      </section>

      <section aria-labelledby="password-heading" className={sectionClass}>
        <h2 id="password-heading" className="text-xl font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-600">At least {MIN_PASSWORD_LENGTH} characters. Your sessions in other browsers end.</p>
        <Form method="post" className="mt-4 max-w-md space-y-3" {...getFormProps(passwordForm)}>
          <input type="hidden" name="intent" value="change-password" />
          <input type="hidden" name="username" value={account.username} autoComplete="username" />
          <FormError errors={passwordForm.errors} id={passwordForm.errorId} />
          <Field
            label="Current password"
            field={passwordFields.currentPassword}
            render={(props) => (
              <input
                {...props}
                {...getInputProps(passwordFields.currentPassword, { type: 'password' })}
                autoComplete="current-password"
                required
              />
            )}
          />
          <Field
            label="New password"
            field={passwordFields.password}
            render={(props) => (
              <input {...props} {...getInputProps(passwordFields.password, { type: 'password' })} autoComplete="new-password" required />
            )}
          />
          <Field
            label="New password again"
            field={passwordFields.confirm}
            render={(props) => (
              <input {...props} {...getInputProps(passwordFields.confirm, { type: 'password' })} autoComplete="new-password" required />
            )}
          />
          <StatusButton pending={pending} size="sm">
            Change password
          </StatusButton>
        </Form>
      </section>
    </div>
  )
}
