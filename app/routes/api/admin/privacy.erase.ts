import { erasePersonalData } from '#app/privacy/erase.server'
import { hitPrivacyLimit, PRIVACY_RATE_MESSAGE } from '#app/privacy/limits.server'
import { requireOwnerApi } from '#app/staff/require-admin.server'
import { ERASE_INTERRUPTED_MESSAGE, personMatcher, privacyEraseJsonSchema } from '#app/domain/privacy'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/privacy.erase'

// Owners only: POST {email[, phone]} erases everything held under the address and answers the
// counts removed (orders: anonymised). Running it again is safe, and finishes an erase cut short.
const USE_POST = 'Use POST with {"email": "…"} to erase what is held under an address.'

export function loader() {
  return postOnly(USE_POST)
}

export function action({ request, context }: Route.ActionArgs) {
  return jsonAction(
    { request, schema: privacyEraseJsonSchema, maxBytes: BODY_LIMITS.privacy, guard: requireOwnerApi, postOnlyMessage: USE_POST },
    async (lookup, owner) => {
      const limit = await hitPrivacyLimit(owner.id)
      if (!limit.allowed)
        return jsonError(429, PRIVACY_RATE_MESSAGE, undefined, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
      try {
        const counts = await erasePersonalData(personMatcher(lookup), { actor: owner, context })
        return Response.json({ email: lookup.email, ...counts })
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error
        return jsonError(503, ERASE_INTERRUPTED_MESSAGE, undefined, { headers: { 'Retry-After': '10' } })
      }
    },
  )
}
