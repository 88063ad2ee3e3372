import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { findSetPasswordAccount, setPasswordWithLink } from '#app/staff/staff-accounts.server'
import { AuthCard } from '#app/components/auth-card'
import { StatusButton } from '#app/components/ui/button'
import { NewPasswordFields } from '#app/components/new-password-fields'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { Warning } from '#app/components/ui/warning'
import { getEnv } from '#app/lib/config/env.server'
import { pageMeta } from '#app/domain/seo'
import { MIN_PASSWORD_LENGTH, setPasswordSchema } from '#app/domain/staff'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/set-password'

// The one-time link an owner gives a new account, or after a reset:
// /set-password?token=…. The token is in the query string, which logs never keep.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Set your password',
    description: 'Staff account.',
    path: '/set-password',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

const formSchema = z.intersection(setPasswordSchema, z.object({ token: z.string().max(200) }))
export const LINK_GONE_MESSAGE = 'This link has expired or was used already. Ask an owner for a new one.'

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const account = await findSetPasswordAccount(token)
  const siteUrl = getEnv().SITE_URL
  if (!account) return data({ siteUrl, token: '', username: null }, { status: 410 })
  return { siteUrl, token, username: account.username }
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.signIn), { schema: formSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'confirm'] }) }, { status: 400 })
  const done = await setPasswordWithLink(submission.value.token, submission.value.password, context)
  if (!done)
    return data({ result: submission.reply({ formErrors: [LINK_GONE_MESSAGE], hideFields: ['password', 'confirm'] }) }, { status: 410 })
  return redirectWithToast(`/admin-login`, { title: 'Password set', description: `Sign in as ${done.username} with your new password.` })
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const settingPassword = useIsPending()
  const [form, fields] = useForm({
    id: 'set-password',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formSchema }),
  })
  return (
    <AuthCard title="Set your password">
      {loaderData.username ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            For the staff account <strong>{loaderData.username}</strong>. At least {MIN_PASSWORD_LENGTH} characters; a passphrase of a few
            words is easy to remember and hard to guess.
          </p>
          <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="token" value={loaderData.token} />
            {/* For password managers: the account the new password belongs to. */}
            <input type="hidden" name="username" value={loaderData.username} autoComplete="username" />
            <FormError errors={form.errors} id={form.errorId} />
            <NewPasswordFields password={fields.password} confirm={fields.confirm} />
            <StatusButton pending={settingPassword} className="w-full">
              Set password
            </StatusButton>
          </Form>
        </>
      ) : (
        <Warning className="mt-4">{LINK_GONE_MESSAGE}</Warning>
      )}
    </AuthCard>
  )
}
