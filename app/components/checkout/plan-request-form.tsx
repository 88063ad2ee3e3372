import { type FieldMetadata, getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Field } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { BUSINESS } from '#app/domain/business'
import { CONTACT_LIMITS } from '#app/domain/contact-form-fields'
import type { CheckoutChoices } from '#app/domain/checkout-choices'
import { PLAN_REQUEST_INTENT, PLAN_REQUEST_NOTE_LIMIT, type PlanRequestFields } from '#app/domain/plan-request-fields'
import { ChoiceFields } from './order-summary'

/**
 * The payment step while card payments are off: the buyer sends the plan as configured (the
 * server words it from the same choices) with how to reach them, or calls. A POST to checkout's
 * own action, with or without JavaScript; the server's messages show beside the fields.
 */
export function PlanRequestForm({
  choices,
  lastResult,
  formError,
}: {
  choices: CheckoutChoices
  lastResult: SubmissionResult<string[]> | null
  /** A card payment posted anyway (an old page): why it could not start. */
  formError: string | null
}) {
  const hydrated = useHydrated()
  const sending = useIsPending({ formMethod: 'POST' })
  const [form, fields] = useForm<PlanRequestFields>({
    id: 'plan-request',
    lastResult,
    // The server validates (zod stays off checkout's page): no check on blur, which would post.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    constraint: {
      name: { required: true, minLength: 2, maxLength: CONTACT_LIMITS.name },
      email: { required: true, maxLength: CONTACT_LIMITS.email },
      phone: { maxLength: CONTACT_LIMITS.phone },
      note: { maxLength: PLAN_REQUEST_NOTE_LIMIT },
    },
  })
  return (
    <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="plan-request">
      <h3 className="text-base font-semibold text-slate-900">Request this plan</h3>
      <p className="mt-1 text-sm text-slate-700">
        We don’t take card payments online yet. Send us this plan and we’ll call you within one business day to set it up, or call us now at{' '}
        <a href={BUSINESS.phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline">
          {BUSINESS.phone.display}
        </a>
        .
      </p>
      <Form method="post" className="mt-4 space-y-1" {...getFormProps(form)} noValidate={hydrated}>
        <HoneypotInputs />
        <input type="hidden" name="intent" value={PLAN_REQUEST_INTENT} />
        <ChoiceFields choices={choices} usersInput={choices.usersInput} />
        <Field
          label="Name"
          field={fields.name}
          render={(props) => <input {...props} {...inputProps(fields.name, 'text')} autoComplete="name" />}
        />
        <Field
          label="Email"
          field={fields.email}
          render={(props) => <input {...props} {...inputProps(fields.email, 'email')} autoComplete="email" />}
        />
        <Field
          label="Phone (optional)"
          field={fields.phone}
          render={(props) => <input {...props} {...inputProps(fields.phone, 'tel')} autoComplete="tel" />}
        />
        <Field
          label="Anything we should know? (optional)"
          field={fields.note}
          render={(props) => {
            const { key, ...textarea } = getTextareaProps(fields.note)
            return <textarea key={key} {...props} {...textarea} rows={3} />
          }}
        />
        {formError ? (
          <p role="alert" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {formError}
          </p>
        ) : null}
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-700">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <StatusButton pending={sending} pendingText="Sending..." disabled={!choices.quote} className="w-full">
          Request this plan
        </StatusButton>
      </Form>
      <a
        href={BUSINESS.phone.href}
        className="mt-3 flex w-full items-center justify-center rounded-md border border-brand-600 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        Call {BUSINESS.phone.display}
      </a>
    </div>
  )
}

function inputProps(field: FieldMetadata<string | undefined>, type: 'text' | 'email' | 'tel') {
  const { key: _key, ...props } = getInputProps(field, { type })
  return props
}
