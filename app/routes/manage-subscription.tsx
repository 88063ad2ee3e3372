import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { AuthCard } from '#app/components/auth-card'
import { StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { BUSINESS } from '#app/domain/business'
import { pageMeta } from '#app/domain/seo'
import { getEnv } from '#app/lib/config/env.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { log } from '#app/lib/observability/logger.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { MANAGE_LINK_DAYS } from '#app/orders/manage-link.server'
import {
  MANAGE_LINK_MAILBOX_LIMIT,
  MANAGE_LINK_REQUEST_LIMIT,
  mailManageLinks,
  mailboxSubject,
} from '#app/orders/manage-subscription.server'
import type { Route } from './+types/manage-subscription'

// A buyer asks for a fresh "Manage your subscription" link. The answer is the same whether the
// address has a subscription or not, so the page can't be used to find out who is a customer.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Manage your subscription',
    description: 'Get a link to update your card, see invoices, change users or cancel.',
    path: '/manage-subscription',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders

const formSchema = z.object({
  email: z
    .string({ error: 'Enter the e-mail address you ordered with' })
    .trim()
    .max(254, 'An e-mail address is at most 254 characters')
    .pipe(z.email('Enter a valid e-mail address')),
})

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests for a link from here. Please try again in a few minutes.'

export function loader({ request }: Route.LoaderArgs) {
  const returned = new URL(request.url).searchParams.has('returned')
  return data({ siteUrl: getEnv().SITE_URL, returned }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const submission = parseWithZod(await readFormWithLimit(request, BODY_LIMITS.manageSubscription), { schema: formSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: null }, { status: 400 })
  const limit = await hitRateLimit(MANAGE_LINK_REQUEST_LIMIT, requestInfo(context).clientIp)
  if (!limit.allowed)
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_REQUESTS_MESSAGE] }), sent: null },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  const mailbox = await hitRateLimit(MANAGE_LINK_MAILBOX_LIMIT, mailboxSubject(submission.value.email))
  // Not awaited: a known address must not answer slower than an unknown one.
  if (mailbox.allowed)
    void mailManageLinks(submission.value.email).catch((error: unknown) =>
      log.error({ err: error }, 'orders: manage links could not be mailed'),
    )
  return {
    result: submission.reply({ resetForm: true }),
    sent: `If that address has a subscription with us, we have sent it a link to manage it. The link works for ${MANAGE_LINK_DAYS} days. Nothing in a few minutes? Look in the spam folder, or call us.`,
  }
}

export default function ManageSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useIsPending()
  const [form, fields] = useForm({
    id: 'manage-subscription',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formSchema }),
  })
  return (
    <AuthCard
      title="Manage your subscription"
      intro="Update your card, see invoices, change the number of users or cancel, in our payment provider’s secure billing portal."
    >
      {loaderData.returned ? (
        <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          Welcome back. Changes you made in the billing portal take effect there right away; your next invoice shows them.
        </p>
      ) : null}
      {actionData?.sent ? (
        <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {actionData.sent}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <Field
          label="E-mail address you ordered with"
          field={fields.email}
          render={(props) => (
            <input {...props} {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" maxLength={254} required />
          )}
        />
        <StatusButton pending={sending} pendingText="Sending..." className="w-full">
          E-mail me a link
        </StatusButton>
      </Form>
      <p className="mt-6 text-sm text-slate-600">
        Prefer to talk? Call us at{' '}
        <a className="font-medium whitespace-nowrap text-brand-700 underline" href={BUSINESS.phone.href}>
          {BUSINESS.phone.display}
        </a>
        .
      </p>
    </AuthCard>
  )
}
