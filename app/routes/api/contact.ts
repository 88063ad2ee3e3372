import { requestInfo } from '#app/http/request-context'
import { fieldErrors, parseContactJson } from '#app/domain/contact-form'
import { readJsonBody } from '#app/http/request-body.server'
import { CONTACT_RATE_LIMIT, RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { BODY_LIMITS } from '#app/http/body-limits'
import { receiveContact } from '#app/enquiries/receive-contact.server'
import { handleJsonErrors, jsonError } from '#app/http/responses.server'
import { hitRateLimit } from '#app/security/rate-limit.server'
import type { Route } from './+types/contact'

// POST /api/contact (SPEC §7): {name, email, phone, service, message} → 201 {contact}.
// 400 {message, errors} names each bad field; 413, 415 and 429 as their names say; 503 when the
// database is down, so success is only ever reported for an enquiry that is saved.
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return jsonError(405, 'Use POST to send an enquiry.', undefined, { headers: { Allow: 'POST' } })
    const body = await readJsonBody(request, BODY_LIMITS.enquiry)
    const parsed = parseContactJson(body)
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error)
      return jsonError(400, Object.values(errors).flat()[0] ?? 'Please check the form.', { errors })
    }
    // Counted after validation: a mistake costs nothing, an enquiry that would be saved does.
    const limit = await hitRateLimit(CONTACT_RATE_LIMIT, requestInfo(context).clientIp)
    if (!limit.allowed)
      return jsonError(429, RATE_LIMITED_MESSAGE, undefined, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
    const contact = await receiveContact(parsed.data)
    return Response.json({ contact }, { status: 201 })
  })
}

export function loader() {
  return jsonError(405, 'Use POST to send an enquiry.', undefined, { headers: { Allow: 'POST' } })
}
