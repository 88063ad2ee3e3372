import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { markSessionVerified } from '#app/staff/admin-session.server'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { confirmPassword, SIGN_IN_BUSY_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '#app/staff/sign-in.server'
import { checkSecondFactor, TOO_MANY_CODES_MESSAGE } from '#app/staff/totp.server'
import { AuthCard } from '#app/components/auth-card'
import { StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { pageMeta } from '#app/domain/seo'
import { MAX_PASSWORD_LENGTH, REVERIFY_WINDOW_MINUTES, secondFactorCodeSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { safeRedirectPath } from '#app/lib/http/same-origin.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { staffStylesheetLinks } from '#app/components/stylesheet'
import type { Route } from './+types/verify'

// "Confirm it's you": the password, or a code from the app (or a recovery code), before a change
// that would hand an account to someone else. Counted as sign-in attempts are; on success the
// session is marked verified for a few minutes and the person goes back to the page they came from.

// The staff console's classes are not in the public pages' inline stylesheet.
export const links: Route.LinksFunction = staffStylesheetLinks

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Confirm it’s you',
    description: 'Staff area.',
    path: '/admin/verify',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

// The action's Retry-After (on 429 and 503) reaches the browser only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders

const passwordSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(MAX_PASSWORD_LENGTH),
  redirectTo: z.string().max(2000).optional(),
})
const codeSchema = z.object({ code: secondFactorCodeSchema, redirectTo: z.string().max(2000).optional() })

const WRONG_PASSWORD_MESSAGE = 'That is not your password.'
const WRONG_CODE_MESSAGE = 'That code is not right, or was used already. Try the newest code from your app.'
const VERIFIED_TOAST = {
  title: 'Confirmed',
  description: `Now make the change again. For ${REVERIFY_WINDOW_MINUTES} minutes you won’t be asked.`,
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  return {
    siteUrl: getEnv().SITE_URL,
    username: admin.username,
    totpEnabled: admin.totpEnabled,
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const formData = await readFormWithLimit(request, BODY_LIMITS.signIn)
  const intent = formData.get('intent') === 'code' ? 'code' : 'password'
  const clientIp = requestInfo(context).clientIp
  const done = async (redirectTo: string | undefined, method: string) => {
    await markSessionVerified(request)
    await recordAudit({ actor: admin, kind: 'sign-in', action: `confirmed identity (${method})`, target: `user:${admin.id}`, context })
    return redirectWithToast(safeRedirectPath(redirectTo), VERIFIED_TOAST)
  }
  const failed = (action: string) => recordAudit({ actor: null, kind: 'sign-in-failed', action, target: `user:${admin.id}`, context })

  if (intent === 'code') {
    const submission = parseWithZod(formData, { schema: codeSchema })
    const reply = (message: string, status: number, headers?: HeadersInit) =>
      data({ intent, result: submission.reply({ formErrors: [message], hideFields: ['code'] }) }, { status, headers })
    if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: ['code'] }) }, { status: 400 })
    const check = await checkSecondFactor(admin.id, submission.value.code, clientIp)
    if (check.outcome === 'rate-limited') return reply(TOO_MANY_CODES_MESSAGE, 429, { 'Retry-After': String(check.retryAfterSeconds) })
    if (check.outcome === 'invalid') {
      await failed('wrong two-step code when confirming identity')
      return reply(WRONG_CODE_MESSAGE, 400)
    }
    return done(submission.value.redirectTo, check.usedRecoveryCode ? 'recovery code' : 'code')
  }

  const submission = parseWithZod(formData, { schema: passwordSchema })
  const reply = (message: string, status: number, headers?: HeadersInit) =>
    data({ intent, result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, { status, headers })
  if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  const check = await confirmPassword({ admin, password: submission.value.password, clientIp, request })
  if (check.outcome === 'rate-limited') return reply(TOO_MANY_ATTEMPTS_MESSAGE, 429, { 'Retry-After': String(check.retryAfterSeconds) })
  if (check.outcome === 'busy') return reply(SIGN_IN_BUSY_MESSAGE, 503, { 'Retry-After': '5' })
  if (check.outcome === 'wrong') {
    await failed('wrong password when confirming identity')
    return reply(WRONG_PASSWORD_MESSAGE, 400)
  }
  return done(submission.value.redirectTo, 'password')
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending()
  const [passwordForm, passwordFields] = useForm({
    id: 'verify-password',
    lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
  })
  const [codeForm, codeFields] = useForm({
    id: 'verify-code',
    lastResult: actionData?.intent === 'code' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
  })
  return (
    <AuthCard
      title="Confirm it’s you"
      intro={
        <>
          Signed in as <strong>{loaderData.username}</strong>. Removing two-step verification, resetting a password and adding an owner ask
          for your password again{loaderData.totpEnabled ? ' or a code from your app' : ''}, once every {REVERIFY_WINDOW_MINUTES} minutes.
        </>
      }
    >
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(passwordForm)}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormError errors={passwordForm.errors} id={passwordForm.errorId} />
        <Field
          label="Password"
          field={passwordFields.password}
          render={(props) => (
            <input
              {...props}
              {...getInputProps(passwordFields.password, { type: 'password' })}
              autoComplete="current-password"
              autoFocus
              required
            />
          )}
        />
        <StatusButton pending={pending} className="w-full">
          Confirm with password
        </StatusButton>
      </Form>
      {loaderData.totpEnabled ? (
        <Form method="post" className="mt-6 space-y-4 border-t border-slate-200 pt-6" {...getFormProps(codeForm)}>
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <FormError errors={codeForm.errors} id={codeForm.errorId} />
          <Field
            label="Or a code from your app (or a recovery code)"
            field={codeFields.code}
            render={(props) => (
              <input {...props} {...getInputProps(codeFields.code, { type: 'text' })} autoComplete="one-time-code" required />
            )}
          />
          <StatusButton pending={pending} className="w-full" variant="outline">
            Confirm with code
          </StatusButton>
        </Form>
      ) : null}
      <p className="mt-4 text-sm text-slate-600">
        <Link to={loaderData.redirectTo} className="text-brand-700 underline">
          Cancel
        </Link>
      </p>
    </AuthCard>
  )
}
