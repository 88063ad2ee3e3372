import { exportDownload, findPersonalData } from '#app/privacy/personal-data.server'
import { hitPrivacyLimit, PRIVACY_RATE_MESSAGE } from '#app/privacy/limits.server'
import { requireOwnerApi } from '#app/staff/require-admin.server'
import { lookupInput, personMatcher, privacyLookupSchema } from '#app/domain/privacy'
import { fieldErrors } from '#app/domain/zod'
import { badRequest, handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/privacy.export'

// Owners only: GET ?email=[&phone=] → everything held under the address as one JSON file
// (the API's field names), recorded in the audit trail without the address.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const owner = await requireOwnerApi(request)
    const lookup = privacyLookupSchema.safeParse(lookupInput(new URL(request.url).searchParams))
    if (!lookup.success) return badRequest(fieldErrors(lookup.error))
    const limit = await hitPrivacyLimit(owner.id)
    if (!limit.allowed)
      return jsonError(429, PRIVACY_RATE_MESSAGE, undefined, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
    const found = await findPersonalData(personMatcher(lookup.data))
    return exportDownload(found, { actor: owner, context })
  })
}
