import { requestInfo } from '#app/lib/http/request-context'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data } from 'react-router'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { contactFormSchema } from '#app/domain/contact-form'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { CONTACT_SUCCESS_TOAST } from '#app/domain/contact-form-fields'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { refusalResult } from '#app/lib/http/failure-messages'
import { BodyTooLargeError, readFormWithLimit } from '#app/lib/http/request-body.server'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/responses.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { isSpam } from './honeypot.server'
import { CONTACT_RATE_LIMIT, RATE_LIMITED_MESSAGE } from './limits.server'
import type { ContactSubmission } from './contact-submission.server'
import { receiveContact } from './receive-contact.server'

/**
 * The browser form adds this field once JavaScript runs (it then submits through a fetcher and
 * wants data back); without it the action answers a plain POST with a redirect.
 */
export const ENHANCED_FIELD = 'enhanced'

const NOT_SENT_MESSAGE = 'Your message could not be sent. Please reload the page and try again, or call us.'

/**
 * The home route's action: the contact form (SPEC §2 Contact, §5). Without JavaScript success
 * redirects to /#contact with a flash toast and errors re-render the form with the messages beside
 * their fields and the typed values kept; with JavaScript the same answers come back as data.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  // Like the staff forms: another site's page can't post enquiries in a visitor's name.
  assertSameOrigin(request)
  let formData: FormData
  try {
    formData = await readFormWithLimit(request, BODY_LIMITS.enquiry)
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    // Answered as data, not thrown: a fetcher's thrown response would replace the page with the error boundary.
    const tooLarge = refusalResult('Your message is too long to send. Please shorten it.')
    return data({ result: tooLarge, contact: null as ContactSubmission | null }, { status: 413 })
  }
  const enhanced = formData.get(ENHANCED_FIELD) === 'true'
  const submission = parseWithZod(formData, { schema: contactFormSchema })

  const refuse = (status: number, message: string, headers?: HeadersInit) =>
    data({ result: submission.reply({ formErrors: [message] }), contact: null as ContactSubmission | null }, { status, headers })

  if (await isSpam(formData)) return refuse(400, NOT_SENT_MESSAGE)

  // Mistakes don't count against the limit: only an enquiry that would be saved does.
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), contact: null as ContactSubmission | null }, { status: 400 })
  }
  try {
    const limit = await hitRateLimit(CONTACT_RATE_LIMIT, requestInfo(context).clientIp)
    if (!limit.allowed) return refuse(429, RATE_LIMITED_MESSAGE, { 'Retry-After': String(limit.retryAfterSeconds) })
    const contact = await receiveContact(submission.value)
    if (enhanced) return data({ result: submission.reply({ resetForm: true }), contact }, { status: 201 })
    return await redirectWithToast('/#contact', CONTACT_SUCCESS_TOAST)
  } catch (error) {
    if (isDatabaseUnavailable(error)) return refuse(503, DATABASE_UNAVAILABLE_MESSAGE, { 'Retry-After': '10' })
    throw error
  }
}
