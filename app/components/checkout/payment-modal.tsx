import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeElementChangeEvent } from '@stripe/stripe-js'
import { useEffect, useId, useRef, useState } from 'react'
import { Form } from 'react-router'
import { FieldMessage, TextField } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { showToast } from '#app/components/ui/toaster'
import { useIsPending } from '#app/components/ui/use-is-pending'
import type { CheckoutChoices } from '#app/domain/checkout-choices'
import {
  CARD_FIELD_MESSAGES,
  CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type CardField,
  NO_PLAN_MODAL_MESSAGE,
  NO_PLAN_TOAST,
  PAYMENT_FAILED_TOAST,
  PAYMENT_PROCESSING_FAILED_MESSAGE,
  PAYMENT_START_FAILED_MESSAGE,
  paymentErrorToast,
} from '#app/domain/payment-messages'
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
              <p className="text-sm text-slate-700">{NO_PLAN_MODAL_MESSAGE}</p>
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
  // Posts to this page's own action, like the summary's form without JavaScript.
  const sending = useIsPending()
  return (
    <Form method="post" className="mt-5 space-y-3">
      <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
        The card form could not load. You can pay on Stripe&apos;s secure checkout page instead.
      </p>
      <ChoiceFields choices={choices} usersInput={choices.usersInput} />
      <StatusButton pending={sending} pendingText="Processing..." disabled={!choices.quote} className="w-full">
        Continue to secure checkout
      </StatusButton>
    </Form>
  )
}

const elementBoxClass = 'mt-1 rounded-md border border-slate-300 bg-white px-3 py-2.5'
const elementOptions = { style: { base: { fontSize: '15px', color: '#0f172a', '::placeholder': { color: '#94a3b8' } } } }

type FieldErrors = Partial<Record<'name' | 'email' | CardField, string>>

/** What Stripe's card fields last said about themselves (their change events). */
type CardState = Record<CardField, Pick<StripeElementChangeEvent, 'empty' | 'complete' | 'error'>>
const UNTOUCHED_CARD: CardState = {
  cardNumber: { empty: true, complete: false, error: undefined },
  cardExpiry: { empty: true, complete: false, error: undefined },
  cardCvc: { empty: true, complete: false, error: undefined },
}

/** SPEC §5: card number, expiry and CVV are required, so nothing is sent until all three are complete. */
function cardErrors(card: CardState): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of Object.keys(card) as CardField[]) {
    const state = card[field]
    if (state.empty) errors[field] = CARD_FIELD_MESSAGES[field].required
    else if (state.error) errors[field] = state.error.message
    else if (!state.complete) errors[field] = CARD_FIELD_MESSAGES[field].incomplete
  }
  return errors
}

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

/** SPEC §7/§8: the message field of a JSON answer; a body that is not our JSON is never shown. */
async function serverMessage(response: Response): Promise<string | null> {
  try {
    const message = ((await response.json()) as { message?: unknown }).message
    return typeof message === 'string' && message ? message : null
  } catch {
    return null
  }
}

function CardPaymentForm({ choices, onProcessingChange, returnUrlFor, onConfirmed }: Omit<Props, 'open' | 'onClose' | 'publishableKey'>) {
  const stripe = useStripe()
  const elements = useElements()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [terms, setTerms] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [card, setCard] = useState<CardState>(UNTOUCHED_CARD)
  const onCardChange = (event: StripeElementChangeEvent) => {
    const field = event.elementType as CardField
    setCard((current) => ({ ...current, [field]: { empty: event.empty, complete: event.complete, error: event.error } }))
    // A field that becomes complete loses its message at once; others wait for the next submit.
    if (event.complete) setErrors((current) => ({ ...current, [field]: undefined }))
  }
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
      showToast(NO_PLAN_TOAST)
      return
    }
    if (!terms) {
      window.alert('Please accept the terms and conditions')
      return
    }
    const found: FieldErrors = { ...cardErrors(card) }
    if (name.trim().length < 2) found.name = 'Name on card is required'
    if (!email.trim()) found.email = 'Billing email is required'
    else if (!(await isValidEmailIfCheckable(email))) found.email = 'Please enter a valid email address'
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const cardNumber = elements?.getElement(CardNumberElement)
    if (!stripe || !cardNumber) {
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
        const message = await serverMessage(response)
        setPaymentError(message ?? PAYMENT_START_FAILED_MESSAGE)
        showToast(paymentErrorToast(message))
        return
      }
      const { clientSecret } = (await response.json()) as { clientSecret: string }
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: cardNumber, billing_details: { name: name.trim(), email: email.trim() } },
      })
      if (result.error) {
        setPaymentError(result.error.message ?? PAYMENT_PROCESSING_FAILED_MESSAGE)
        showToast(PAYMENT_FAILED_TOAST)
        return
      }
      onConfirmed(returnUrlFor(clientSecret))
    } catch (error) {
      console.error('Payment failed', error)
      setPaymentError(PAYMENT_PROCESSING_FAILED_MESSAGE)
      showToast(PAYMENT_FAILED_TOAST)
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

      <TextField
        id="card-name"
        label="Name on Card"
        name="name"
        autoComplete="cc-name"
        required
        value={name}
        onChange={setName}
        error={errors.name}
      />

      {/* Stripe's card fields live in Stripe's frames: card data never reaches our server. */}
      <CardFieldBox field="cardNumber" label="Card Number" error={errors.cardNumber}>
        <CardNumberElement options={{ ...elementOptions, showIcon: true }} onChange={onCardChange} />
      </CardFieldBox>
      <div className="grid grid-cols-2 gap-4">
        <CardFieldBox field="cardExpiry" label="Expiry Date (MM/YY)" error={errors.cardExpiry}>
          <CardExpiryElement options={elementOptions} onChange={onCardChange} />
        </CardFieldBox>
        <CardFieldBox field="cardCvc" label="CVV" error={errors.cardCvc}>
          <CardCvcElement options={{ ...elementOptions, placeholder: 'CVV' }} onChange={onCardChange} />
        </CardFieldBox>
      </div>

      <TextField
        id="billing-email"
        label="Billing Email"
        name="email"
        type="email"
        autoComplete="email"
        required
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

      <StatusButton pending={processing} pendingText="Processing..." disabled={!plan} className="w-full">
        Complete Payment
      </StatusButton>
    </form>
  )
}

const CARD_TEST_IDS: Record<CardField, string> = { cardNumber: 'card-number', cardExpiry: 'card-expiry', cardCvc: 'card-cvc' }

/** One of Stripe's card fields in its box, with its label and its message under it. */
function CardFieldBox({ field, label, error, children }: { field: CardField; label: string; error?: string; children: React.ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
        {label}
      </span>
      <div className={`${elementBoxClass} ${error ? 'border-red-600' : ''}`} data-testid={CARD_TEST_IDS[field]}>
        {children}
      </div>
      {error ? <FieldMessage id={`${id}-error`}>{error}</FieldMessage> : null}
    </div>
  )
}
