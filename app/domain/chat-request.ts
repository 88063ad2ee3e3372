// The body of POST /api/teams-chat, validated on the server. Kept apart from domain/chat.ts so the
// chat widget, which every page loads, does not carry zod into the browser.
import { CHAT_CONTACT_MESSAGES, CHAT_LIMITS, isSimpleEmail, sitePagePath } from './chat'
import { z } from './zod'

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? undefined : value))
    .optional()

export const chatRequestSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CHAT_LIMITS.message, `Message must be at most ${CHAT_LIMITS.message} characters`),
  name: optionalText(CHAT_LIMITS.name, `Name must be at most ${CHAT_LIMITS.name} characters`),
  email: optionalText(CHAT_LIMITS.email, CHAT_CONTACT_MESSAGES.emailInvalid).refine(
    (email) => email === undefined || isSimpleEmail(email),
    CHAT_CONTACT_MESSAGES.emailInvalid,
  ),
  /** The browser's id for this message: a retried send (after a failure) is stored once. */
  clientMessageId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'clientMessageId must be 8 to 64 letters, digits or dashes')
    .optional(),
  /** The page the chat was sent from, a path on this site; anything else is ignored. */
  page: z.string().max(2000).transform(sitePagePath).optional(),
})

/** A staff reply: the same limits as a visitor's message. */
export const staffReplySchema = z.object({
  text: z
    .string({ error: 'Reply is required' })
    .trim()
    .min(1, 'Reply is required')
    .max(CHAT_LIMITS.message, `Reply must be at most ${CHAT_LIMITS.message} characters`),
})

export type ChatRequest = z.output<typeof chatRequestSchema>
