import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { showToast } from '#app/components/ui/toaster'
import type { CheckoutChoices } from '#app/domain/checkout-choices'
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from '#app/domain/payment-messages'
import type { PaymentRequest } from '#app/domain/payment-request'
import { dollarsToCents, formatCents } from '#app/domain/pricing'
import { ChoiceFields } from './order-summary'
import { PriceBreakdown } from './price-breakdown'
import { getStripeJs } from './stripe-browser'

type Props = {
  open: boolean
  onClose: () => void
  choices: CheckoutChoices
  /** Null when the site has no Stripe keys: the modal then says card payments are off. */
  publishableKey: string | null
  onProcessingChange: (processing: boolean) => void
  /** Where the browser goes once Stripe has confirmed the card (SPEC §4). */
  returnUrlFor: (clientSecret: string) => string
  onConfirmed: (returnUrl: string) => void
}

/** SPEC's payment modal: a native modal dialog (focus trap, Escape closes) over the page. */
export function PaymentModal({ open, onClose, choices, publishableKey, ...rest }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  // When Stripe.js cannot load (blocked or offline), the card fields never appear: offer Stripe's
  // hosted checkout page instead, the same path visitors without JavaScript take.
  const [stripeUnavailable, setStripeUnavailable] = useState(false)
  useEffect(() => {
    if (!open || !publishableKey) return
    let live = true
    void getStripeJs(publishableKey).then((stripe) => {
      if (live) setStripeUnavailable(stripe === null)
    })
    return () => {
      live = false
    }
  }, [open, publishableKey])

  const { plan, quote: priced } = choices
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      {open ? (
        <div className="max-h-[90vh] overflow-y-auto p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-xl font-bold text-slate-900">
                Complete Your Purchase
              </h2>
              <p className="mt-1 text-sm text-slate-600">Enter your payment details to proceed.</p>
            </div>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded p-1 text-slate-500 hover:text-slate-900">
              <span aria-hidden="true">×</span>
            </button>
          </div>

          <div className="mt-5 rounded-lg bg-slate-50 p-4">
            {plan && priced ? (
              <>
                <div className="mb-3 flex items-center justify-between">
                  <p className="font-semibold text-slate-900">
                    {plan.name} Plan <span className="font-normal text-slate-600">{formatCents(dollarsToCents(plan.price))}/month</span>
                  </p>
                  <button type="button" onClick={onClose} className="text-sm font-semibold text-brand-700 underline">
                    Change
                  </button>
                </div>
                <PriceBreakdown priced={priced} />
              </>
            ) : (
              <p className="text-sm text-slate-700">No plan selected. Please select a plan first.</p>
            )}
          </div>

          {publishableKey && stripeUnavailable ? (
            <HostedCheckoutFallback choices={choices} />
          ) : publishableKey ? (
            <Elements stripe={getStripeJs(publishableKey)}>
              <CardPaymentForm choices={choices} {...rest} />
            </Elements>
          ) : (
            <p role="alert" className="mt-5 rounded-md bg-amber-50 p-4 text-sm text-amber-900">
              {CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE}
            </p>
          )}
        </div>
      ) : null}
    </dialog>
  )
}

function HostedCheckoutFallback({ choices }: { choices: CheckoutChoices }) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <Form method="post" action="/checkout" className="mt-5 space-y-3">
      <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
        The card form could not load. You can pay on Stripe&apos;s secure checkout page instead.
      </p>
      <ChoiceFields choices={choices} usersInput={choices.usersInput} />
      <button
        type="submit"
        disabled={!choices.quote || sending}
        className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {sending ? 'Processing...' : 'Continue to secure checkout'}
      </button>
    </Form>
  )
}

const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm'
const elementBoxClass = 'mt-1 rounded-md border border-slate-300 bg-white px-3 py-2.5'
const elementOptions = { style: { base: { fontSize: '15px', color: '#0f172a', '::placeholder': { color: '#94a3b8' } } } }

type FieldErrors = { name?: string; email?: string }

/**
 * The server's own e-mail rule, loaded with zod only when a payment is submitted (it would add
 * 25 KB to the checkout page's first load). If that chunk cannot load, the server still checks.
 */
async function isValidEmailIfCheckable(email: string) {
  return import('#app/domain/payment-request').then(
    ({ isValidEmail }) => isValidEmail(email),
    () => true,
  )
}

async function readErrorMessage(response: Response) {
  // SPEC §7/§8: the message field of a JSON body, else the raw text, else a fixed fallback.
  const text = await response.text().catch(() => '')
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message
    if (typeof message === 'string' && message) return message
  } catch {
    // not JSON: fall through to the raw text
  }
  return text || 'Failed to process payment'
}

function CardPaymentForm({ choices, onProcessingChange, returnUrlFor, onConfirmed }: Omit<Props, 'open' | 'onClose' | 'publishableKey'>) {
  const stripe = useStripe()
  const elements = useElements()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [terms, setTerms] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [paymentError, setPaymentError] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)
  const { plan, quote: priced } = choices

  function setBusy(busy: boolean) {
    setProcessing(busy)
    onProcessingChange(busy)
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!plan || !priced) {
      showToast({ title: 'No plan selected', description: 'Please select a service plan to continue', variant: 'destructive' })
      return
    }
    if (!terms) {
      window.alert('Please accept the terms and conditions')
      return
    }
    const found: FieldErrors = {}
    if (name.trim().length < 2) found.name = 'Name on card is required'
    if (!email.trim()) found.email = 'Billing email is required'
    else if (!(await isValidEmailIfCheckable(email))) found.email = 'Please enter a valid email address'
    setErrors(found)
    if (found.name || found.email) return
    const card = elements?.getElement(CardNumberElement)
    if (!stripe || !card) {
      setPaymentError('The card form is still loading. Please wait a moment and try again.')
      return
    }

    setPaymentError(null)
    setBusy(true)
    try {
      const body: PaymentRequest = {
        planId: String(plan.id),
        name: name.trim(),
        email: email.trim(),
        ms365Option: priced.ms365Option.id,
        ms365Users: priced.users,
        includeCloudBackup: priced.backupApplies,
        amount: priced.totalCents / 100,
        paymentMethod: 'credit_card',
      }
      const response = await fetch('/api/create-payment-intent', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) {
        const message = await readErrorMessage(response)
        setPaymentError(message)
        showToast({ title: 'Payment Error', description: message, variant: 'destructive' })
        return
      }
      const { clientSecret } = (await response.json()) as { clientSecret: string }
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: name.trim(), email: email.trim() } },
      })
      if (result.error) {
        setPaymentError(result.error.message ?? 'Payment processing failed')
        showToast({
          title: 'Payment Failed',
          description: 'There was an error processing your payment. Please try again.',
          variant: 'destructive',
        })
        return
      }
      onConfirmed(returnUrlFor(clientSecret))
    } catch (error) {
      console.error('Payment failed', error)
      setPaymentError('Payment processing failed')
      showToast({
        title: 'Payment Failed',
        description: 'There was an error processing your payment. Please try again.',
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4" aria-label="Payment details">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Payment method</legend>
        <label className="mt-2 flex items-center gap-2 rounded-lg border border-brand-600 bg-brand-50 px-3 py-2 text-sm">
          <input type="radio" name="paymentMethod" value="credit_card" checked readOnly className="accent-brand-600" />
          Credit Card
        </label>
      </fieldset>

      <ModalTextField
        id="card-name"
        label="Name on Card"
        name="name"
        autoComplete="cc-name"
        value={name}
        onChange={setName}
        error={errors.name}
      />

      {/* Stripe's card fields live in Stripe's frames: card data never reaches our server. */}
      <div role="group" aria-labelledby="card-number-label">
        <span id="card-number-label" className="text-sm font-medium text-slate-900">
          Card Number
        </span>
        <div className={elementBoxClass} data-testid="card-number">
          <CardNumberElement options={{ ...elementOptions, showIcon: true }} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div role="group" aria-labelledby="card-expiry-label">
          <span id="card-expiry-label" className="text-sm font-medium text-slate-900">
            Expiry Date (MM/YY)
          </span>
          <div className={elementBoxClass} data-testid="card-expiry">
            <CardExpiryElement options={elementOptions} />
          </div>
        </div>
        <div role="group" aria-labelledby="card-cvc-label">
          <span id="card-cvc-label" className="text-sm font-medium text-slate-900">
            CVV
          </span>
          <div className={elementBoxClass} data-testid="card-cvc">
            <CardCvcElement options={{ ...elementOptions, placeholder: 'CVV' }} />
          </div>
        </div>
      </div>

      <ModalTextField
        id="billing-email"
        label="Billing Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />

      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(event) => setTerms(event.currentTarget.checked)}
          className="mt-0.5 accent-brand-600"
        />
        <span>
          I agree to the{' '}
          <a href="/terms-of-service" target="_blank" className="text-brand-700 underline">
            Terms of Service
          </a>{' '}
          and{' '}
          <a href="/privacy-policy" target="_blank" className="text-brand-700 underline">
            Privacy Policy
          </a>
        </span>
      </label>

      {paymentError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {paymentError}
        </p>
      ) : null}

      <button
        type="submit"
        disabled={!plan || processing}
        className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {processing ? 'Processing...' : 'Complete Payment'}
      </button>
    </form>
  )
}

/** A required text field of the modal with its error under it (name on card, billing e-mail). */
function ModalTextField({
  id,
  label,
  name,
  type = 'text',
  autoComplete,
  value,
  onChange,
  error,
}: {
  id: string
  label: string
  name: string
  type?: 'text' | 'email'
  autoComplete: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
}) {
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
