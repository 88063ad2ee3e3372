import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, getTextareaProps, parse, useForm } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Field } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { showToast } from '#app/components/ui/toaster'
import type { validateContactForm } from './contact-form-validation'
import {
  CONTACT_CONSTRAINT,
  CONTACT_FAILURE_FALLBACK,
  CONTACT_FAILURE_TITLE,
  CONTACT_LIMITS,
  CONTACT_SUCCESS_TOAST,
  SERVICE_CHOICES,
  serviceLabel,
} from '#app/domain/contact-form-fields'
import type { contactAction } from '#app/enquiries/contact-action.server'

// SPEC §2 Contact, §4 (contact form states), §5 (rules), §8 (texts). The form posts to the home
// route's action: without JavaScript as a normal POST (errors re-render beside the fields, success
// redirects to /#contact with a flash toast), with JavaScript through a fetcher (no reload, toasts,
// form reset, and the hidden 'Last Form Submission' panel).

type ContactActionData = Awaited<ReturnType<typeof contactAction>>
type ContactActionResult = Exclude<ContactActionData, Response> extends { data: infer D } ? D : never
type ContactSubmission = NonNullable<ContactActionResult['contact']>

type Validate = typeof validateContactForm
let validateWithSchema: Validate | undefined
let loadingValidation: Promise<void> | undefined

/** Fetches the schema (and zod) once, on the first focus of the form. */
function loadValidation() {
  loadingValidation ??= import('./contact-form-validation').then(
    (module) => {
      validateWithSchema = module.validateContactForm
    },
    // The chunk could not load (a dropped connection): send as is, the server validates the same way.
    () => {
      validateWithSchema = passThrough
    },
  )
  return loadingValidation
}

function passThrough(formData: FormData): ReturnType<Validate> {
  return parse(formData, { resolve: () => ({ value: {} }) }) as ReturnType<Validate>
}

function validate(formData: FormData): ReturnType<Validate> {
  // Submission waits for the schema (see holdUntilValidationLoaded); blur checks before it arrives pass.
  return (validateWithSchema ?? passThrough)(formData)
}

// conform checks a field on blur by submitting the form with a temporary hidden button of this
// name, removed straight after (@conform-to/dom's INTENT). That is a check, not a send.
const CONFORM_INTENT = '__intent__'
const heldSends = new WeakSet<HTMLFormElement>()

/**
 * A send that comes before the schema has arrived is held (in the capture phase, ahead of
 * conform's handler) and repeated once it has, so the browser always validates with the schema.
 * Field checks pass (validate() accepts everything until then); a second send while one is held
 * is dropped, so a double click sends once.
 */
function holdUntilValidationLoaded(event: React.FormEvent<HTMLFormElement>) {
  if (validateWithSchema) return
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null
  if (submitter?.name === CONFORM_INTENT) return
  event.preventDefault()
  event.stopPropagation()
  const form = event.currentTarget
  if (heldSends.has(form)) return
  heldSends.add(form)
  void loadValidation().then(() => {
    heldSends.delete(form)
    form.requestSubmit(submitter?.form === form ? submitter : null)
  })
}

export function ContactForm() {
  return <ContactFormCard actionData={useActionData<ContactActionResult>()} />
}

function ContactFormCard({ actionData }: { actionData: ContactActionResult | undefined }) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<ContactActionResult>({ key: 'contact-form' })
  const lastResult = fetcher.data?.result ?? actionData?.result
  const [form, fields] = useForm({
    id: 'contact-form',
    lastResult,
    constraint: CONTACT_CONSTRAINT,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => validate(formData),
  })
  const sending = fetcher.state !== 'idle'
  const lastSubmission = useFetcherOutcome(fetcher.data, fetcher.state)

  return (
    <div className="rounded-xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
      <LastSubmissionPanel submission={lastSubmission} />
      <h3 className="text-xl font-semibold text-slate-900">Send us a Message</h3>
      <fetcher.Form
        method="post"
        action="/?index"
        className="mt-6 space-y-5"
        onFocus={() => void loadValidation()}
        onSubmitCapture={holdUntilValidationLoaded}
        {...getFormProps(form)}
      >
        <HoneypotInputs />
        {/* Tells the action to answer with data instead of a redirect (see ENHANCED_FIELD). */}
        {hydrated ? <input type="hidden" name="enhanced" value="true" /> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Name"
            field={fields.name}
            render={(props) => (
              <input
                {...props}
                {...inputProps(fields.name, 'text')}
                autoComplete="name"
                maxLength={CONTACT_LIMITS.name}
                placeholder="Your name"
              />
            )}
          />
          <Field
            label="Email"
            field={fields.email}
            render={(props) => (
              <input
                {...props}
                {...inputProps(fields.email, 'email')}
                autoComplete="email"
                maxLength={CONTACT_LIMITS.email}
                placeholder="you@company.com"
              />
            )}
          />
          <Field
            label="Phone (optional)"
            field={fields.phone}
            render={(props) => (
              <input
                {...props}
                {...inputProps(fields.phone, 'tel')}
                autoComplete="tel"
                maxLength={CONTACT_LIMITS.phone}
                placeholder="(770) 555-0100"
              />
            )}
          />
          <Field
            label="Service Interested In (optional)"
            field={fields.service}
            render={(props) => {
              const { key, ...selectProps } = getSelectProps(fields.service)
              return (
                <select key={key} {...props} {...selectProps}>
                  <option value="">Select a service</option>
                  {SERVICE_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )
            }}
          />
        </div>
        <Field
          label="Message"
          field={fields.message}
          render={(props) => {
            const { key, ...textareaProps } = getTextareaProps(fields.message)
            return (
              <textarea
                key={key}
                {...props}
                {...textareaProps}
                rows={5}
                maxLength={CONTACT_LIMITS.message}
                placeholder="How can we help your business?"
              />
            )
          }}
        />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <StatusButton pending={sending} pendingText="Sending..." className="w-full shadow">
          Send Message
        </StatusButton>
      </fetcher.Form>
    </div>
  )
}

function inputProps(field: FieldMetadata<string | undefined>, type: 'text' | 'email' | 'tel') {
  const { key: _key, ...props } = getInputProps(field, { type })
  return props
}

/**
 * Raises the toast for each finished fetcher submission and remembers the last saved enquiry for
 * the 'Last Form Submission' panel (SPEC §4).
 */
function useFetcherOutcome(data: ContactActionResult | undefined, state: 'idle' | 'loading' | 'submitting') {
  const [lastSubmission, setLastSubmission] = useState<ContactSubmission | null>(null)
  const handled = useRef<ContactActionResult | undefined>(undefined)
  useEffect(() => {
    if (state !== 'idle' || !data || handled.current === data) return
    handled.current = data
    if (data.contact) {
      setLastSubmission(data.contact)
      showToast(CONTACT_SUCCESS_TOAST)
      return
    }
    const serverMessage = data.result.error?.['']?.[0]
    showToast({ title: CONTACT_FAILURE_TITLE, description: serverMessage ?? CONTACT_FAILURE_FALLBACK, variant: 'destructive' })
  }, [data, state])
  return lastSubmission
}

/**
 * Hidden until the visitor double-clicks the contact section's e-mail link, and only after a
 * successful submit. The link belongs to the contact section, so the panel listens on the document.
 */
function LastSubmissionPanel({ submission }: { submission: ContactSubmission | null }) {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onEmailLink = (event: MouseEvent) => event.target instanceof Element && event.target.closest('#contact a[href^="mailto:"]')
    const toggle = (event: MouseEvent) => {
      if (onEmailLink(event)) setOpen((wasOpen) => !wasOpen)
    }
    // The first click of a double click opens the mail app as usual; the second must not try
    // again (the browser refuses it without a fresh gesture and logs an error).
    const secondClick = (event: MouseEvent) => {
      if (event.detail > 1 && onEmailLink(event)) event.preventDefault()
    }
    document.addEventListener('dblclick', toggle)
    document.addEventListener('click', secondClick)
    return () => {
      document.removeEventListener('dblclick', toggle)
      document.removeEventListener('click', secondClick)
    }
  }, [])
  if (!open || !submission) return null
  const rows: [string, string][] = [
    ['Name', submission.name],
    ['Email', submission.email],
    ['Phone', submission.phone ?? 'Not provided'],
    ['Service', serviceLabel(submission.service) ?? 'Not specified'],
    ['Message', submission.message],
    ['Received', new Date(submission.createdAt).toLocaleString()],
  ]
  return (
    <section aria-labelledby="last-submission-heading" className="mb-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm">
      <div className="flex items-start justify-between gap-4">
        <h4 id="last-submission-heading" className="font-semibold text-slate-900">
          Last Form Submission
        </h4>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded px-2 text-slate-600 hover:text-slate-900"
          aria-label="Close last form submission"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
