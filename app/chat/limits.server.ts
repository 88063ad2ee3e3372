import type { RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'
import { CONTACT_RATE_LIMIT } from '#app/enquiries/limits.server'

const TEN_MINUTES = 10 * 60 * 1000

/** Chat messages per visitor IP: the same limit as enquiries, counted separately. */
export const CHAT_RATE_LIMIT: RateLimitRule = { name: 'chat', limit: CONTACT_RATE_LIMIT.limit, windowMs: CONTACT_RATE_LIMIT.windowMs }

/** Page changes a chat visitor's browser reports (POST /api/chat/page), per IP: generous, as each click is one. */
export const CHAT_PAGE_RATE_LIMIT: RateLimitRule = { name: 'chat-page', limit: 300, windowMs: TEN_MINUTES }

/** Confirmation e-mails per conversation: a visitor who mistyped can correct the address a few times a day. */
export const CHAT_CONFIRM_CONVERSATION_LIMIT: RateLimitRule = { name: 'chat-confirm-conversation', limit: 3, windowMs: 24 * 60 * 60 * 1000 }

/** Confirmation e-mails per address, however many conversations give it: nobody's mailbox is flooded from the chat. */
export const CHAT_CONFIRM_MAILBOX_LIMIT: RateLimitRule = { name: 'chat-confirm-mailbox', limit: 3, windowMs: 24 * 60 * 60 * 1000 }
