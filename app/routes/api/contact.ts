import { contactJsonSchema } from '#app/domain/contact-form'
import { CONTACT_RATE_LIMIT, RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { receiveContact } from '#app/enquiries/receive-contact.server'
import { jsonAction, postOnly } from '#app/lib/http/json-action.server'
import { requestInfo } from '#app/lib/http/request-context'
import type { Route } from './+types/contact'

// POST /api/contact (SPEC §7): {name, email, phone, service, message} → 201 {contact}.
// 400 {message, errors} names each bad field; 405, 413, 415 and 429 as their names say; 503 when
// the database is down, so success is only ever reported for an enquiry that is saved.
const POST_ONLY = 'Use POST to send an enquiry.'

export function action({ request, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: contactJsonSchema,
      maxBytes: BODY_LIMITS.enquiry,
      // Shared with the contact form: 5 enquiries per address in 10 minutes, however sent.
      rateLimit: { rule: CONTACT_RATE_LIMIT, subject: requestInfo(context).clientIp, message: RATE_LIMITED_MESSAGE },
      postOnlyMessage: POST_ONLY,
    },
    async (values) => Response.json({ contact: await receiveContact(values) }, { status: 201 }),
  )
}

export function loader() {
  return postOnly(POST_ONLY)
}
