import { requestInfo } from '#app/http/request-context'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { signInHint } from '#app/auth/admin-account.server'
import { findAdminSession, startAdminSession } from '#app/auth/admin-session.server'
import { assertSameOrigin, safeRedirectPath } from '#app/auth/same-origin.server'
import { SIGN_IN_BUSY_MESSAGE, signIn, TOO_MANY_ATTEMPTS_MESSAGE } from '#app/auth/sign-in.server'
import { rememberDevice } from '#app/auth/trusted-device.server'
import { Field } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/config/env.server'
import { adminLoginSchema } from '#app/domain/admin-login'
import { SIGN_IN_FAILED_TOAST, SIGNED_IN_TOAST } from '#app/domain/admin-login-fields'
import { pageMeta } from '#app/domain/seo'
import { BODY_LIMITS } from '#app/http/body-limits'
import { readFormWithLimit } from '#app/http/request-body.server'
import { redirectWithToast } from '#app/session/toast.server'
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
  return { siteUrl: getEnv().SITE_URL, hint: hint ? HINTS[hint] : null, redirectTo }
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
      { status, headers: { 'Retry-After': String(retryAfterSeconds) } },
    )
  const result = await signIn({ username, password, clientIp: requestInfo(context).clientIp, request })
  if (result.outcome === 'rate-limited') return refuse(TOO_MANY_ATTEMPTS_MESSAGE, 429, result.retryAfterSeconds)
  if (result.outcome === 'busy') return refuse(SIGN_IN_BUSY_MESSAGE, 503, 5)
  if (result.outcome === 'invalid') {
    // Back to the form with SPEC's failure toast; the redirect keeps a reload from re-posting.
    const back = `/admin-login?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`
    return redirectWithToast(back, SIGN_IN_FAILED_TOAST)
  }
  const headers = new Headers()
  headers.append('Set-Cookie', await startAdminSession(result.admin))
  headers.append('Set-Cookie', await rememberDevice(request, result.admin.id))
  return redirectWithToast(safeRedirectPath(redirectTo), SIGNED_IN_TOAST, { headers })
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
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 pt-28 pb-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to view contact submissions, orders and access logs.</p>
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {form.errors ? (
            <p id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              {form.errors.join(' ')}
            </p>
          ) : null}
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
      </div>
    </main>
  )
}
