// SPEC §3 (chat message, contact info), §5 (chat rules) and §8 (chat texts), shared by the widget
// and POST /api/teams-chat.

/** A chat message as the API and the event streams carry it; the widget and tests rely on this shape. */
export type ChatMessage = {
  id: string
  from: 'visitor' | 'staff' | 'system'
  text: string
  /** ISO 8601 */
  at: string
  /** Staff replies: who answered. */
  staffName?: string
}

/** GET /api/chat/messages: the visitor's transcript and whether someone is there to answer. */
export type ChatAvailability = { online: boolean; nextReplyBy?: string }
export type VisitorTranscript = ChatAvailability & {
  messages: ChatMessage[]
  contactKnown: boolean
  lastEventId: number
  /** The address given in the chat while it is not confirmed: whether its confirmation link went out. */
  emailConfirmation?: EmailConfirmation | null
}

export type EmailConfirmation = { email: string; sent: boolean }

/** The line the chat shows while the visitor's address waits for confirmation. */
export function emailConfirmationText({ email, sent }: EmailConfirmation) {
  return sent
    ? `We have e-mailed a link to ${email} to confirm your address. Until you confirm it, we answer here only.`
    : `Your address ${email} is not confirmed, so we answer here only: we could not send another confirmation link just now.`
}

export const WELCOME_MESSAGE: ChatMessage = {
  id: 'welcome',
  text: 'Hi there! How can we help with your IT needs today?',
  from: 'system',
  at: new Date(0).toISOString(),
}

export const CHAT_TEXTS = {
  title: 'Support',
  subtitle: 'Chat with our team through Microsoft Teams',
  placeholder: 'Type your message...',
  dialogTitle: 'Contact Information',
  dialogDescription: 'Please provide your name and email address so our technical team can contact you about your request.',
  inlineError: 'Failed to send message. Please try again.',
  errorToastTitle: 'Message Error',
  errorToastDescription: "We couldn't send your message. Please try again.",
} as const

export const CHAT_CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
} as const

export const CHAT_LIMITS = { message: 2000, name: 100, email: 254 } as const

/**
 * SPEC §5: "text, at sign, text, dot, text", without whitespace or a second at sign. Checked by
 * length first and then without a backtracking pattern, so a long address costs nothing.
 */
export function isSimpleEmail(email: string) {
  if (email.length > CHAT_LIMITS.email || /\s/.test(email)) return false
  const at = email.indexOf('@')
  if (at < 1 || email.indexOf('@', at + 1) !== -1) return false
  // A dot with text on both sides: anywhere in the domain but its first and last character.
  return email.slice(at + 2, -1).includes('.')
}

/** Messages for the contact dialog, by field; an empty object means Send Message may be pressed. */
export function validateChatContact({ name, email }: { name: string; email: string }) {
  const errors: { name?: string; email?: string } = {}
  if (name.trim() === '') errors.name = CHAT_CONTACT_MESSAGES.nameRequired
  if (email.trim() === '') errors.email = CHAT_CONTACT_MESSAGES.emailRequired
  else if (!isSimpleEmail(email.trim())) errors.email = CHAT_CONTACT_MESSAGES.emailInvalid
  return errors
}

/** True when there is something to send: blank messages never leave the widget. */
export function isSendable(message: string) {
  return message.trim() !== ''
}

/** The agent reply shown when the server's reply has no text (SPEC §8). */
export function defaultAgentReply(email?: string) {
  const contact = email?.trim() ? ` We'll reply to you by email at ${email.trim()}.` : ' We will reply here as soon as possible.'
  return `Thank you for your message! Our tech team has been notified and will get back to you shortly.${contact}`
}

/** POST /api/teams-chat's answer: `response` as SPEC §7 has it, plus the stored message and any automatic reply. */
export type ChatResponse =
  | { ok: true; response: string; message?: ChatMessage; autoReply?: ChatMessage; lastEventId?: number }
  | { ok: false; message: string; errors?: Record<string, string[]> }

/** The longest page path kept as the visitor's current page. */
export const MAX_PAGE_PATH = 200

/** A page path on this site as staff are shown it (no query, no fragment), or undefined for anything else. */
export function sitePagePath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.length > 2000) return undefined
  return raw.split(/[?#]/)[0]!.slice(0, MAX_PAGE_PATH)
}
