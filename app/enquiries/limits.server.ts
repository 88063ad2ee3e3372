import type { RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'

const TEN_MINUTES = 10 * 60 * 1000

/** Enquiries per visitor IP, counted together for the form and POST /api/contact. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', limit: 5, windowMs: TEN_MINUTES }

/**
 * E-mail replies to enquiries per staff account: far above anyone's pace, and a ceiling on what a
 * stolen session could send through the company's mail to addresses typed into the public form.
 */
export const ENQUIRY_REPLY_RATE_LIMIT: RateLimitRule = { name: 'enquiry-reply', limit: 60, windowMs: 60 * 60 * 1000 }

export const REPLY_RATE_LIMITED_MESSAGE = `You have sent ${ENQUIRY_REPLY_RATE_LIMIT.limit} replies within the hour, the most one account may. Your reply is kept below; send it when the hour is over.`

/** The refusal for enquiries and chat messages alike. */
export const RATE_LIMITED_MESSAGE = 'You have sent several messages in a short time. Please wait a few minutes and try again, or call us.'
