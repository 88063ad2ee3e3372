import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/responses.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { PriceQuote } from '#app/domain/pricing'
import { PLAN_REQUEST_SENT_TOAST, planRequestMessage, planRequestSchema } from '#app/domain/plan-request'
import { isSpam } from './honeypot.server'
import { CONTACT_RATE_LIMIT, RATE_LIMITED_MESSAGE } from './limits.server'
import { receiveContact } from './receive-contact.server'

const NOT_SENT_MESSAGE = 'Your request could not be sent. Please reload the page and try again, or call us.'

/**
 * Checkout's "Request this plan" (card payments off): the buyer's contact details and the plan as
 * the server priced it become an enquiry, under the contact form's spam trap and rate limit.
 * Success goes back to the same checkout address with a flash toast; refusals answer 400, 429 or
 * 503 with the messages beside the fields.
 */
export async function receivePlanRequest(formData: FormData, plan: { name: string; priced: PriceQuote }, clientIp: string, backTo: string) {
  const submission = parseWithZod(formData, { schema: planRequestSchema })
  const refuse = (status: number, message: string) =>
    data({ requestResult: submission.reply({ formErrors: [message] }), formError: null }, { status })
  if (await isSpam(formData)) return refuse(400, NOT_SENT_MESSAGE)
  if (submission.status !== 'success') return data({ requestResult: submission.reply(), formError: null }, { status: 400 })
  try {
    const limit = await hitRateLimit(CONTACT_RATE_LIMIT, clientIp)
    if (!limit.allowed) return refuse(429, RATE_LIMITED_MESSAGE)
    const { note, ...contact } = submission.value
    await receiveContact({ ...contact, service: 'managed-it', message: planRequestMessage(plan.name, plan.priced, note) })
  } catch (error) {
    if (isDatabaseUnavailable(error)) return refuse(503, DATABASE_UNAVAILABLE_MESSAGE)
    throw error
  }
  return redirectWithToast(backTo, PLAN_REQUEST_SENT_TOAST)
}
