import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { erasePersonalData } from '#app/privacy/erase.server'
import { countsOf, findPersonalData } from '#app/privacy/personal-data.server'
import { hitPrivacyLimit, PRIVACY_RATE_MESSAGE } from '#app/privacy/limits.server'
import { requireOwner } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { eraseConsequences, FoundRecords, FoundSummary } from '#app/components/staff/personal-data-view'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import {
  DELIVERED_OUTBOX_RETENTION_DAYS,
  describeCounts,
  ERASE_INTERRUPTED_MESSAGE,
  personMatcher,
  PRIVACY_LIMITS,
  privacyEraseFormSchema,
  privacyLookupSchema,
  totalOf,
} from '#app/domain/privacy'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/privacy'

// Owners answer a person's request here: find everything held under an e-mail address (and
// phone number), download it as JSON, or erase it. A plain GET form and POST forms, so all of
// it works without JavaScript.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Personal data',
    description: 'Personal data requests.',
    path: '/admin/privacy',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

const SELF = '/admin/privacy'

function pageFor(lookup: { email: string; phone?: string }) {
  return `${SELF}?${new URLSearchParams({ email: lookup.email, ...(lookup.phone ? { phone: lookup.phone } : {}) })}`
}

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await requireOwner(request)
  const env = getEnv()
  const base = { siteUrl: env.SITE_URL, retention: { enquiryDays: env.ENQUIRY_RETENTION_DAYS, chatDays: env.CHAT_RETENTION_DAYS } }
  const url = new URL(request.url)
  if (!url.searchParams.has('email')) return { ...base, lookup: null, result: undefined, found: null, counts: null, refusal: null }
  const submission = parseWithZod(url.searchParams, { schema: privacyLookupSchema })
  if (submission.status !== 'success') {
    return data({ ...base, lookup: null, result: submission.reply(), found: null, counts: null, refusal: null }, { status: 400 })
  }
  const lookup = submission.value
  try {
    const limit = await hitPrivacyLimit(owner.id)
    if (!limit.allowed) {
      return data(
        { ...base, lookup, result: undefined, found: null, counts: null, refusal: PRIVACY_RATE_MESSAGE },
        { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
      )
    }
    const found = await findPersonalData(personMatcher(lookup))
    return { ...base, lookup, result: undefined, found, counts: countsOf(found), refusal: null }
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, headers: { 'Retry-After': '10' } })
    throw error
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const formData = await readFormWithLimit(request, BODY_LIMITS.privacy)
  const submission = parseWithZod(formData, { schema: privacyEraseFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), message: null }, { status: 400 })
  const lookup = { email: submission.value.email, phone: submission.value.phone }
  try {
    const limit = await hitPrivacyLimit(owner.id)
    if (!limit.allowed) {
      return data(
        { result: undefined, message: PRIVACY_RATE_MESSAGE },
        { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
      )
    }
    const counts = await erasePersonalData(personMatcher(lookup), { actor: owner, context })
    return await redirectWithToast(pageFor(lookup), {
      title: totalOf(counts) > 0 ? 'Personal data erased' : 'Nothing left to erase',
      description: `${describeCounts(counts)}. Orders were anonymised, not deleted.`,
    })
  } catch (error) {
    if (isDatabaseUnavailable(error)) return data({ result: undefined, message: ERASE_INTERRUPTED_MESSAGE }, { status: 503 })
    throw error
  }
}

function LookupForm({
  lookup,
  result,
}: {
  lookup: { email: string; phone?: string } | null
  result: Route.ComponentProps['loaderData']['result']
}) {
  const [form, fields] = useForm({
    id: 'privacy-lookup',
    lastResult: result,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: privacyLookupSchema }),
    defaultValue: lookup ?? undefined,
  })
  const pending = useIsPending({ formMethod: 'GET' })
  return (
    <Form method="get" className="mt-4 grid gap-x-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start" {...getFormProps(form)}>
      <Field
        label="E-mail address"
        field={fields.email}
        render={(props) => (
          <input
            {...props}
            {...getInputProps(fields.email, { type: 'email' })}
            maxLength={PRIVACY_LIMITS.email}
            autoComplete="off"
            required
          />
        )}
      />
      <Field
        label="Phone number (optional)"
        field={fields.phone}
        render={(props) => (
          <input {...props} {...getInputProps(fields.phone, { type: 'tel' })} maxLength={PRIVACY_LIMITS.phone} autoComplete="off" />
        )}
      />
      <StatusButton pending={pending} pendingText="Searching..." size="sm" className="sm:mt-6">
        Find
      </StatusButton>
    </Form>
  )
}

function ErasePanel({
  lookup,
  consequences,
  actionData,
}: {
  lookup: { email: string; phone?: string }
  consequences: string[]
  actionData: Route.ComponentProps['actionData']
}) {
  const [form, fields] = useForm({
    id: 'privacy-erase',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: privacyEraseFormSchema }),
  })
  const pending = useIsPending()
  return (
    <Card region headingId="erase-heading" title="Erase this person’s data" tone="danger" className="mt-8">
      <p className="mt-2 text-slate-700">Erasing cannot be undone. It will leave:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800" data-testid="erase-consequences">
        {consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">
        The audit trail records that you erased a person’s data, with these counts and without the address. Stripe keeps its own copy of a
        customer: see the Stripe customer ids above.
      </p>
      <Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="email" value={lookup.email} />
        {lookup.phone ? <input type="hidden" name="phone" value={lookup.phone} /> : null}
        <div>
          <label className="flex items-start gap-2 text-slate-900">
            <input
              type="checkbox"
              name={fields.confirm.name}
              value="yes"
              required
              className="mt-1 size-4"
              aria-invalid={fields.confirm.errors ? true : undefined}
              aria-describedby={fields.confirm.errors ? fields.confirm.errorId : undefined}
            />
            I have checked that the request comes from this person, and I want to erase this now.
          </label>
          {fields.confirm.errors ? (
            <p id={fields.confirm.errorId} className="mt-1 text-sm text-red-700">
              {fields.confirm.errors.join(' ')}
            </p>
          ) : null}
        </div>
        <FormError errors={form.errors} id={form.errorId} />
        <StatusButton pending={pending} pendingText="Erasing..." size="sm" variant="danger">
          Erase permanently
        </StatusButton>
      </Form>
    </Card>
  )
}

export default function PersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const { lookup, result, found, counts, refusal, retention } = loaderData
  return (
    <>
      <StaffHeader
        title="Personal data"
        subtitle="Find what the site holds under one e-mail address, hand it over as a file, or erase it. Every download and erasure is in the audit trail."
      >
        <Link to="/admin" className={adminButtonClass}>
          Back to Admin
        </Link>
        <Link to="/admin/audit?kind=privacy" className={adminButtonClass}>
          Audit trail
        </Link>
      </StaffHeader>

      <Card region headingId="find-heading" title="Find a person" className="mt-8">
        <p className="mt-1 text-sm text-slate-600">
          Addresses match in any letter case, phone numbers however they were written. Kept: enquiries {retention.enquiryDays} days, chats{' '}
          {retention.chatDays} days after their last message, delivered e-mails {DELIVERED_OUTBOX_RETENTION_DAYS} days.
        </p>
        <LookupForm key={lookup ? `${lookup.email}|${lookup.phone ?? ''}` : 'empty'} lookup={lookup} result={result} />
      </Card>

      {refusal || actionData?.message ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {refusal ?? actionData?.message}
        </p>
      ) : null}

      {found && counts && lookup ? (
        <>
          <Card
            region
            headingId="summary-heading"
            title={
              <>
                Held under {found.email}
                {found.phone ? ` or ${lookup.phone}` : ''}
              </>
            }
            className="mt-8"
          >
            {totalOf(counts) === 0 ? (
              <p className="mt-3 text-slate-700" data-testid="privacy-nothing">
                Nothing is held under this address{found.phone ? ' or number' : ''}.
              </p>
            ) : (
              <>
                <FoundSummary counts={counts} />
                {/* A plain form and button: the answer is a file download, the page never navigates, so there is no pending state to show. */}
                <form method="post" action="/admin/privacy/export" className="mt-4">
                  <input type="hidden" name="email" value={lookup.email} />
                  {lookup.phone ? <input type="hidden" name="phone" value={lookup.phone} /> : null}
                  <button type="submit" className={adminButtonClass}>
                    Download everything as JSON
                  </button>
                </form>
              </>
            )}
          </Card>
          <FoundRecords found={found} />
          {totalOf(counts) > 0 ? <ErasePanel lookup={lookup} consequences={eraseConsequences(found)} actionData={actionData} /> : null}
        </>
      ) : null}
    </>
  )
}
