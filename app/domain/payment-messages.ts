// Payment texts (SPEC §2 Checkout, §5, §8) shared by the checkout page, its payment modal and the
// server, kept apart from payment-request.ts so the page does not load zod just to show them.
import type { Toast } from './toast'

/** Said by the payment step and the API when the site has no Stripe keys (the local default). */
export const CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Card payments are not configured on this site yet. Please call us or use the contact form and we will set up your plan.'

export const NO_PLAN_SUMMARY_MESSAGE = 'No plan selected. Please select a plan from the options on the left.'
export const NO_PLAN_MODAL_MESSAGE = 'No plan selected. Please select a plan first.'
export const TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE = 'Too many payment attempts. Please wait a few minutes and try again.'

/** The modal's kept error line when the server's answer has no message of its own. */
export const PAYMENT_START_FAILED_MESSAGE = 'Failed to process payment'
/** The modal's kept error line when confirming the card failed without a reason. */
export const PAYMENT_PROCESSING_FAILED_MESSAGE = 'Payment processing failed'

/** Stripe's three card fields, by their element types. */
export type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc'

/** SPEC §5: each card field is required; the incomplete wording is Stripe's own. */
export const CARD_FIELD_MESSAGES: Record<CardField, { required: string; incomplete: string }> = {
  cardNumber: { required: 'Card number is required', incomplete: 'Your card number is incomplete.' },
  cardExpiry: { required: 'Expiry date is required', incomplete: "Your card's expiration date is incomplete." },
  cardCvc: { required: 'CVV is required', incomplete: "Your card's security code is incomplete." },
}

export const NO_PLAN_TOAST: Toast = {
  title: 'No plan selected',
  description: 'Please select a service plan to continue',
  variant: 'destructive',
}

/** Starting the payment failed: the server's own message, else SPEC's fixed text. */
export function paymentErrorToast(serverMessage: string | null): Toast {
  return { title: 'Payment Error', description: serverMessage ?? 'There was an error processing your payment.', variant: 'destructive' }
}

/** Confirming the card failed (declined, incomplete, unreachable). */
export const PAYMENT_FAILED_TOAST: Toast = {
  title: 'Payment Failed',
  description: 'There was an error processing your payment. Please try again.',
  variant: 'destructive',
}

/** Back from paying: how the payment ended (SPEC §8, payment return check). */
export const PAYMENT_SUCCEEDED_RETURN_TOAST: Toast = {
  title: 'Payment successful!',
  description: 'Thank you for your purchase. We will be in touch shortly.',
}
export const PAYMENT_FAILED_RETURN_TOAST: Toast = {
  title: 'Payment failed',
  description: 'There was an issue with your payment. Please try again.',
  variant: 'destructive',
}

/** Back from the hosted Checkout page when we could not ask Stripe (too many returns from one address). */
export const PAYMENT_UNCONFIRMED_RETURN_TOAST: Toast = {
  title: 'Payment status unknown',
  description: 'We could not confirm your payment just now. If it went through, Stripe has e-mailed you a receipt.',
}
