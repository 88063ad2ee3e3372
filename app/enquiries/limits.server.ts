import type { RateLimitRule } from '#app/security/rate-limit.server'

const TEN_MINUTES = 10 * 60 * 1000

/** Enquiries per visitor IP, counted together for the form and POST /api/contact. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', limit: 5, windowMs: TEN_MINUTES }

/** Chat messages per visitor IP: the same limit as enquiries, counted separately, so one can't use up the other. */
export const CHAT_RATE_LIMIT: RateLimitRule = { name: 'chat', limit: CONTACT_RATE_LIMIT.limit, windowMs: CONTACT_RATE_LIMIT.windowMs }

/** Page changes a chat visitor's browser reports (POST /api/chat/page), per IP: generous, as each click is one. */
export const CHAT_PAGE_RATE_LIMIT: RateLimitRule = { name: 'chat-page', limit: 300, windowMs: TEN_MINUTES }

export const RATE_LIMITED_MESSAGE = 'You have sent several messages in a short time. Please wait a few minutes and try again, or call us.'
