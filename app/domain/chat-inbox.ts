// The staff chat inbox: its filters, the limits of what staff write there and the forms' schemas,
// shared by the staff pages, their actions and the JSON API.
import { CHAT_LIMITS } from './chat'
import { z } from './zod'

export const INBOX_FILTERS = ['all', 'open', 'mine', 'closed'] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = { all: 'All', open: 'Open', mine: 'Mine', closed: 'Closed' }

/** `?show=`: anything unknown reads as all. */
export function readInboxFilter(value: string | null | undefined): InboxFilter {
  return (INBOX_FILTERS as readonly string[]).includes(value ?? '') ? (value as InboxFilter) : 'all'
}

export const SAVED_REPLY_TITLE_MAX = 60
/** A saved reply is sent as a chat reply, so it has a reply's limit. */
export const SAVED_REPLY_TEXT_MAX = CHAT_LIMITS.message
/** Enough for a team's stock answers; a list longer than this is no longer read. */
export const SAVED_REPLIES_MAX = 50
export const DISPLAY_NAME_MAX = 60

const objectId = (message: string) => z.string().regex(/^[a-f\d]{24}$/i, message)

/** A reply is what was typed, or else the saved reply chosen (so a saved reply can be sent without JavaScript). */
export const chatReplyFormSchema = z
  .object({
    text: z
      .string()
      .trim()
      .max(CHAT_LIMITS.message, `A reply is at most ${CHAT_LIMITS.message} characters`)
      .optional()
      .transform((value) => value || undefined),
    savedReply: z.preprocess((value) => (value === '' ? undefined : value), objectId('Choose a saved reply from the list').optional()),
  })
  .refine((value) => value.text !== undefined || value.savedReply !== undefined, {
    message: 'Write a reply or choose a saved reply',
    path: ['text'],
  })

/** No line breaks or other control characters (code points below 32, and 127). */
const oneLine = (value: string) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)

export const savedReplySchema = z.object({
  title: z
    .string({ error: 'Give the saved reply a short title' })
    .trim()
    .min(1, 'Give the saved reply a short title')
    .max(SAVED_REPLY_TITLE_MAX, `A title is at most ${SAVED_REPLY_TITLE_MAX} characters`)
    .refine(oneLine, 'A title is one line of text'),
  text: z
    .string({ error: 'Write the reply to keep' })
    .trim()
    .min(1, 'Write the reply to keep')
    .max(SAVED_REPLY_TEXT_MAX, `A saved reply is at most ${SAVED_REPLY_TEXT_MAX} characters`),
})

/** Names that say a role, not a person: a visitor should never read a reply signed "admin". */
const ROLE_NAMES = new Set(['admin', 'administrator', 'root', 'staff', 'owner', 'support', 'system', 'test'])

export function isRoleName(name: string) {
  return ROLE_NAMES.has(name.trim().toLowerCase())
}

export const displayNameSchema = z.object({
  name: z
    .string({ error: 'Enter the name visitors will see' })
    .trim()
    .min(2, 'Enter the name visitors will see')
    .max(DISPLAY_NAME_MAX, `A name is at most ${DISPLAY_NAME_MAX} characters`)
    .refine(oneLine, 'A name is one line of text')
    .refine((name) => !isRoleName(name), 'Use your own name, not a role: visitors answer a person'),
})
