import type { RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'
import { CONTACT_RATE_LIMIT } from '#app/enquiries/limits.server'

const TEN_MINUTES = 10 * 60 * 1000

/** Chat messages per visitor IP: the same limit as enquiries, counted separately. */
export const CHAT_RATE_LIMIT: RateLimitRule = { name: 'chat', limit: CONTACT_RATE_LIMIT.limit, windowMs: CONTACT_RATE_LIMIT.windowMs }

/** Page changes a chat visitor's browser reports (POST /api/chat/page), per IP: generous, as each click is one. */
export const CHAT_PAGE_RATE_LIMIT: RateLimitRule = { name: 'chat-page', limit: 300, windowMs: TEN_MINUTES }
