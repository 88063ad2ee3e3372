import { requestInfo } from '#app/http/request-context'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useSearchParams } from 'react-router'
import { DEMO_CREDENTIALS, isDemoAccountActive } from '#app/auth/admin-account.server'
import { findAdminSession, startAdminSession } from '#app/auth/admin-session.server'
import { assertSameOrigin, safeRedirectPath } from '#app/auth/same-origin.server'
import { signIn, TOO_MANY_ATTEMPTS_MESSAGE } from '#app/auth/sign-in.server'
import { Field } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/config/env.server'
import { adminLoginSchema } from '#app/domain/admin-login'
import { SIGN_IN_FAILED_TOAST, SIGNED_IN_TOAST } from '#app/domain/admin-login-fields'
import { pageMeta } from '#app/domain/seo'
import { redirectWithToast } from '#app/session/toast.server'
import type { Route } from './+types/admin-login'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: 'Admin Login', description: 'Staff sign-in.', path: '/admin-login', siteUrl: loaderData?.siteUrl ?? '', noindex: true })

// The action's Retry-After (on 429) reaches the browser only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  if (await findAdminSession(request)) throw redirect(redirectTo)
  return { siteUrl: getEnv().SITE_URL, demo: (await isDemoAccountActive()) ? DEMO_CREDENTIALS : null }
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: adminLoginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { username, password, redirectTo } = submission.value
  const result = await signIn({ username, password, clientIp: requestInfo(context).clientIp })
  if (result.outcome === 'rate-limited') {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS_MESSAGE], hideFields: ['password'] }) },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    )
  }
  if (result.outcome === 'invalid') {
    // Back to the form with SPEC's failure toast; the redirect keeps a reload from re-posting.
    const back = `/admin-login?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`
    return redirectWithToast(back, SIGN_IN_FAILED_TOAST)
  }
  const cookie = await startAdminSession(result.admin)
  return redirectWithToast(safeRedirectPath(redirectTo), SIGNED_IN_TOAST, { headers: { 'Set-Cookie': cookie } })
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
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
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? '/admin'} />
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
        {loaderData.demo ? (
          <p data-testid="demo-hint" className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            Demo credentials: username <strong>{loaderData.demo.username}</strong>, password <strong>{loaderData.demo.password}</strong>
          </p>
        ) : null}
      </div>
    </main>
  )
}
