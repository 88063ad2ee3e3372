import type { RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'

const TEN_MINUTES = 10 * 60 * 1000

/** Enquiries per visitor IP, counted together for the form and POST /api/contact. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', limit: 5, windowMs: TEN_MINUTES }

/** The refusal for enquiries and chat messages alike. */
export const RATE_LIMITED_MESSAGE = 'You have sent several messages in a short time. Please wait a few minutes and try again, or call us.'
