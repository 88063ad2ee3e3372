import { redirect } from 'react-router'
import { exportDownload, findPersonalData } from '#app/privacy/personal-data.server'
import { hitPrivacyLimit, PRIVACY_RATE_MESSAGE } from '#app/privacy/limits.server'
import { requireOwner } from '#app/staff/require-admin.server'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { lookupInput, personMatcher, privacyLookupSchema } from '#app/domain/privacy'
import type { Route } from './+types/privacy-export'

// The personal-data page's download: a plain form POST (no JavaScript needed) answered with the
// JSON file, recorded in the audit trail. A POST, so no link preview or prefetch makes an export.

export function loader() {
  return redirect('/admin/privacy')
}

function refusal(message: string, status: number, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request)
  const lookup = privacyLookupSchema.safeParse(lookupInput(await readFormWithLimit(request, BODY_LIMITS.privacy)))
  if (!lookup.success) return refusal(lookup.error.issues[0]?.message ?? 'Enter an e-mail address.', 400)
  try {
    const limit = await hitPrivacyLimit(owner.id)
    if (!limit.allowed) return refusal(PRIVACY_RATE_MESSAGE, 429, { 'Retry-After': String(limit.retryAfterSeconds) })
    const found = await findPersonalData(personMatcher(lookup.data))
    return await exportDownload(found, { actor: owner, context })
  } catch (error) {
    if (isDatabaseUnavailable(error)) return refusal(DATABASE_UNAVAILABLE_MESSAGE, 503, { 'Retry-After': '10' })
    throw error
  }
}
