import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'

// Stripe.js is fetched only here, on the checkout page, and only when card payments are
// configured (the pure entry does not inject the script on import).
let loading: { key: string; stripe: Promise<Stripe | null> } | null = null

export function getStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key !== publishableKey) {
    const stripe = loadStripe(publishableKey).catch((error: unknown) => {
      // SPEC §8: a failed script load is logged only; the modal then says it cannot take cards.
      console.error('Stripe.js failed to load', error)
      loading = null
      return null
    })
    loading = { key: publishableKey, stripe }
  }
  return loading.stripe
}
