import type Stripe from 'stripe'
import { getEnv } from '#app/lib/config/env.server'

// The API version the SDK (stripe@22.6) and stripe-mock v0.203.0 both speak. Pinned, so a Stripe
// account default never changes the shapes this code reads (confirmation_secret, invoice parent).
export const STRIPE_API_VERSION = '2026-08-26.dahlia' as const

let client: Promise<Stripe | null> | undefined

/** Card payments need both keys: the secret one here, the publishable one for Stripe.js. */
export function isCardPaymentConfigured(): boolean {
  const env = getEnv()
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)
}

/** The publishable key for Stripe.js on the checkout page, or null when card payments are off. */
export function stripePublishableKey(): string | null {
  return isCardPaymentConfigured() ? (getEnv().STRIPE_PUBLISHABLE_KEY ?? null) : null
}

/**
 * The Stripe client, or null when no secret key is configured (the local default). The SDK (about a
 * second of module loading on a busy machine) loads at the first payment request, not at every start.
 */
export function getStripe(): Promise<Stripe | null> {
  client ??= createClient()
  return client
}

async function createClient(): Promise<Stripe | null> {
  const env = getEnv()
  if (!env.STRIPE_SECRET_KEY) return null
  // Tests point the SDK at stripe-mock through STRIPE_API_URL (host, port and protocol).
  const mock = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null
  const { default: Stripe } = await import('stripe')
  return new Stripe(env.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'roswell-it-site' },
    ...(mock
      ? {
          host: mock.hostname,
          port: Number(mock.port || (mock.protocol === 'https:' ? 443 : 80)),
          protocol: mock.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  })
}
