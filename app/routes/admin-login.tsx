import { requestInfo } from '#app/lib/http/request-context'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { signInHint } from '#app/staff/admin-account.server'
import { recordAudit } from '#app/staff/audit.server'
import { findAdminSession, startAdminSession } from '#app/staff/admin-session.server'
import { assertSameOrigin, safeRedirectPath } from '#app/lib/http/same-origin.server'
import { completeSignIn, SIGN_IN_BUSY_MESSAGE, signIn, TOO_MANY_ATTEMPTS_MESSAGE } from '#app/staff/sign-in.server'
import { AuthCard } from '#app/components/auth-card'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { Warning } from '#app/components/ui/warning'
import { getEnv } from '#app/lib/config/env.server'
import { adminLoginSchema } from '#app/domain/admin-login'
import { SIGN_IN_FAILED_TOAST, SIGNED_IN_TOAST } from '#app/domain/admin-login-fields'
import { pageMeta } from '#app/domain/seo'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/admin-login'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: 'Admin Login', description: 'Staff sign-in.', path: '/admin-login', siteUrl: loaderData?.siteUrl ?? '', noindex: true })

// The action's Retry-After (on 429 and 503) reaches the browser only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders

/** Where the password of a fresh install is: said on the page, never shown there. */
const HINTS = {
  generated:
    'First start: the owner account’s username and password were printed once in the server console when it was created. Set ADMIN_PASSWORD to choose your own.',
  demo: 'Development server (npm run dev): the demo account’s username and password are printed in the server console at start-up.',
} as const

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  if (await findAdminSession(request)) throw redirect(redirectTo)
  const hint = await signInHint()
  const expired = new URL(request.url).searchParams.has('expired')
  return { siteUrl: getEnv().SITE_URL, hint: hint ? HINTS[hint] : null, redirectTo, expired }
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.signIn), { schema: adminLoginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { username, password, redirectTo } = submission.value
  const refuse = (message: string, status: number, retryAfterSeconds: number) =>
    data(
      { result: submission.reply({ formErrors: [message], hideFields: ['password'] }) },
      { status, headers: retryAfterSeconds > 0 ? { 'Retry-After': String(retryAfterSeconds) } : undefined },
    )
  const result = await signIn({ username, password, clientIp: requestInfo(context).clientIp, request })
  if (result.outcome === 'rate-limited') return refuse(TOO_MANY_ATTEMPTS_MESSAGE, 429, result.retryAfterSeconds)
  if (result.outcome === 'busy') return refuse(SIGN_IN_BUSY_MESSAGE, 503, 5)
  const destination = safeRedirectPath(redirectTo)
  if (result.outcome === 'invalid') {
    // The typed username is not recorded when it names no account: it may be a password typed in
    // the wrong field.
    await recordAudit({
      actor: null,
      kind: 'sign-in-failed',
      action: result.disabled ? 'right password for a disabled account' : result.userId ? 'wrong password' : 'unknown username',
      target: result.userId ? `user:${result.userId}` : undefined,
      context,
    })
    // Back to the form with SPEC's failure toast; the redirect keeps a reload from re-posting. A
    // disabled account gets the same answer, so the form never confirms its password.
    return redirectWithToast(`/admin-login?redirectTo=${encodeURIComponent(destination)}`, SIGN_IN_FAILED_TOAST)
  }
  if (result.secondFactor) {
    // The password was right; the code comes next, on its own page, within a few minutes.
    const cookie = await startAdminSession(result.admin, new Date(), 'second-factor')
    return redirect(`/admin-login/code?redirectTo=${encodeURIComponent(destination)}`, { status: 303, headers: { 'Set-Cookie': cookie } })
  }
  const headers = await completeSignIn({ request, context, admin: result.admin, method: 'password' })
  return redirectWithToast(destination, SIGNED_IN_TOAST, { headers })
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const signingIn = useIsPending()
  const [form, fields] = useForm({
    id: 'admin-login',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  })

  return (
    <AuthCard title="Admin Login" intro="Sign in to view contact submissions, orders and access logs.">
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {loaderData.expired && !form.errors ? (
          <Warning role="status">The time to enter your code ran out. Please sign in again.</Warning>
        ) : null}
        <FormError errors={form.errors} id={form.errorId} />
        <Field
          label="Username"
          field={fields.username}
          render={(props) => <input {...props} {...getInputProps(fields.username, { type: 'text' })} autoComplete="username" required />}
        />
        <Field
          label="Password"
          field={fields.password}
          render={(props) => (
            <input {...props} {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" required />
          )}
        />
        <StatusButton pending={signingIn} className="w-full">
          Sign in
        </StatusButton>
      </Form>
      {loaderData.hint ? (
        <p data-testid="sign-in-hint" className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {loaderData.hint}
        </p>
      ) : null}
    </AuthCard>
  )
}
