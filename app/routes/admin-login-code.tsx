import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { z } from 'zod'
import { recordAudit } from '#app/staff/audit.server'
import { endAdminSession, findSecondFactorSession } from '#app/staff/admin-session.server'
import { assertSameOrigin, safeRedirectPath } from '#app/lib/http/same-origin.server'
import { completeSignIn } from '#app/staff/sign-in.server'
import { checkSecondFactor, TOO_MANY_CODES_MESSAGE } from '#app/staff/totp.server'
import { AuthCard } from '#app/components/auth-card'
import { StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { SIGNED_IN_TOAST } from '#app/domain/admin-login-fields'
import { pageMeta } from '#app/domain/seo'
import { secondFactorCodeSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/admin-login-code'

// Sign-in's second step: after the right password, an account with two-step
// verification enters a code from its app, or one of its recovery codes.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Sign-in code',
    description: 'Staff sign-in.',
    path: '/admin-login/code',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders

const codeFormSchema = z.object({ code: secondFactorCodeSchema, redirectTo: z.string().optional() })
export const WRONG_CODE_MESSAGE = 'That code is not right, or was used already. Try the newest code from your app.'
const EXPIRED_STEP = '/admin-login?expired=1'

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  const pending = await findSecondFactorSession(request)
  if (!pending) throw redirect(EXPIRED_STEP)
  return { siteUrl: getEnv().SITE_URL, redirectTo, username: pending.username }
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const pending = await findSecondFactorSession(request)
  if (!pending) throw redirect(EXPIRED_STEP)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.signIn), { schema: codeFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['code'] }) }, { status: 400 })

  const check = await checkSecondFactor(pending.id, submission.value.code, requestInfo(context).clientIp)
  if (check.outcome === 'rate-limited') {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_CODES_MESSAGE], hideFields: ['code'] }) },
      { status: 429, headers: { 'Retry-After': String(check.retryAfterSeconds) } },
    )
  }
  if (check.outcome === 'invalid') {
    await recordAudit({ actor: null, kind: 'sign-in-failed', action: 'wrong two-step code', target: `user:${pending.id}`, context })
    return data({ result: submission.reply({ formErrors: [WRONG_CODE_MESSAGE], hideFields: ['code'] }) }, { status: 400 })
  }
  // The half-way session is spent (its record goes; the cookie is replaced by the full session's).
  await endAdminSession(request)
  const headers = await completeSignIn({
    request,
    context,
    admin: pending,
    method: check.usedRecoveryCode ? 'password and recovery code' : 'password and code',
  })
  return redirectWithToast(safeRedirectPath(submission.value.redirectTo), SIGNED_IN_TOAST, { headers })
}

export default function AdminLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const verifying = useIsPending()
  const [form, fields] = useForm({
    id: 'admin-login-code',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeFormSchema }),
  })
  return (
    <AuthCard
      title="Two-step verification"
      intro={
        <>
          Signing in as <strong>{loaderData.username}</strong>. Enter the 6-digit code from your authenticator app, or one of your recovery
          codes.
        </>
      }
    >
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormError errors={form.errors} id={form.errorId} />
        <Field
          label="Code"
          field={fields.code}
          render={(props) => (
            <input
              {...props}
              {...getInputProps(fields.code, { type: 'text' })}
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              required
            />
          )}
        />
        <StatusButton pending={verifying} className="w-full">
          Verify
        </StatusButton>
      </Form>
      <p className="mt-4 text-sm text-slate-600">
        <a href="/admin-login" className="text-brand-700 underline">
          Start again
        </a>
      </p>
    </AuthCard>
  )
}
