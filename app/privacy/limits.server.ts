import { hitRateLimit, type RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'

// Each lookup reads several whole collections, and a stolen owner session could walk through
// addresses: lookups, exports and erasures together are limited per account.
export const PRIVACY_REQUESTS: RateLimitRule = { name: 'privacy-requests', limit: 60, windowMs: 10 * 60 * 1000 }
export const PRIVACY_RATE_MESSAGE = 'Too many personal-data requests in a few minutes. Please wait a little and try again.'

/** Counts one personal-data request of this owner; `allowed: false` with the wait when over the limit. */
export function hitPrivacyLimit(ownerId: string) {
  return hitRateLimit(PRIVACY_REQUESTS, ownerId)
}
