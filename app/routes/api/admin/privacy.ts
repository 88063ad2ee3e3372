import { countsOf, findPersonalData } from '#app/privacy/personal-data.server'
import { hitPrivacyLimit, PRIVACY_RATE_MESSAGE } from '#app/privacy/limits.server'
import { requireOwnerApi } from '#app/staff/require-admin.server'
import { lookupInput, personMatcher, privacyLookupSchema } from '#app/domain/privacy'
import { fieldErrors } from '#app/domain/zod'
import { badRequest, handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/privacy'

// Owners only: GET ?email=[&phone=] → how many records of each kind hold the address,
// {email, enquiries, conversations, messages, orders, outbox, audit}; zeros when there are none.
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const owner = await requireOwnerApi(request)
    const lookup = privacyLookupSchema.safeParse(lookupInput(new URL(request.url).searchParams))
    if (!lookup.success) return badRequest(fieldErrors(lookup.error))
    const limit = await hitPrivacyLimit(owner.id)
    if (!limit.allowed)
      return jsonError(429, PRIVACY_RATE_MESSAGE, undefined, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
    const found = await findPersonalData(personMatcher(lookup.data))
    return Response.json({ email: found.email, ...(found.phone ? { phone: found.phone } : {}), ...countsOf(found) })
  })
}
