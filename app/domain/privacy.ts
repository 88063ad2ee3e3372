import { z } from './zod'

// Finding one person's data: the lookup form's rules (shared by the owners' page, the API and the
// browser), how an address or phone number is recognised in stored text, and how it is removed.
// Pure: the database queries that use these live in app/privacy/.

/** What the privacy policy promises; the configuration may shorten or lengthen the first two. */
export const DEFAULT_ENQUIRY_RETENTION_DAYS = 730
export const DEFAULT_CHAT_RETENTION_DAYS = 365
export const DELIVERED_OUTBOX_RETENTION_DAYS = 30

export const PRIVACY_LIMITS = { email: 254, phone: 40 } as const

/** A phone number has this many digits at least, so a search never matches every short number. */
export const MIN_PHONE_DIGITS = 7

function digitsOf(text: string) {
  return text.replace(/\D/g, '')
}

/** The digits a number is compared by: a North American number without its country code 1. */
export function phoneDigits(phone: string) {
  const digits = digitsOf(phone)
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}

export const privacyLookupSchema = z.object({
  email: z
    .string({ error: 'Enter the e-mail address the person used' })
    .trim()
    .min(1, 'Enter the e-mail address the person used')
    .max(PRIVACY_LIMITS.email, `An e-mail address has at most ${PRIVACY_LIMITS.email} characters`)
    .pipe(z.email({ error: 'Enter a valid e-mail address' }))
    .transform((email) => email.toLowerCase()),
  phone: z
    .string({ error: 'Enter the phone number as text' })
    .trim()
    .max(PRIVACY_LIMITS.phone, `A phone number has at most ${PRIVACY_LIMITS.phone} characters`)
    .refine((phone) => /^[\d\s().+\-/]*$/.test(phone), 'A phone number has digits, spaces and ( ) . + - / only')
    .refine((phone) => phoneDigits(phone).length >= MIN_PHONE_DIGITS, `A phone number has at least ${MIN_PHONE_DIGITS} digits`)
    .refine((phone) => phoneDigits(phone).length <= 15, 'A phone number has at most 15 digits')
    .optional(),
})
export type PrivacyLookup = z.output<typeof privacyLookupSchema>

/** The erase form: the lookup again, and the owner's explicit confirmation. */
export const privacyEraseFormSchema = privacyLookupSchema.extend({
  confirm: z.literal('yes', { error: 'Tick the box to confirm that this cannot be undone' }),
})

/** `POST /api/admin/privacy/erase` takes `{email}` (and optionally `phone`). */
export const privacyEraseJsonSchema = privacyLookupSchema.strict()

/** How many records of each kind hold the address: the API's answer, and the erase's. */
export const PRIVACY_KINDS = ['enquiries', 'conversations', 'messages', 'orders', 'outbox', 'audit'] as const
export type PrivacyKind = (typeof PRIVACY_KINDS)[number]
export type PrivacyCounts = Record<PrivacyKind, number>

export const ZERO_COUNTS: PrivacyCounts = { enquiries: 0, conversations: 0, messages: 0, orders: 0, outbox: 0, audit: 0 }

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// What may stand between a phone number's digits: '(770) 555-0100', '770.555.0100', '+1 770 555 0100'.
const SEPARATORS = String.raw`[\s().\-/]{0,3}`

function phonePattern(digits: string) {
  return digits.split('').join(SEPARATORS)
}

/**
 * Recognises one person's address (any letter case) and phone number (any punctuation) in stored
 * text. `database` is a looser pattern for $regex (the database's engine has no look-behind) that
 * finds candidates; `test` and `redact` are exact: `bob@example.com` is not found in
 * `jimbob@example.com`, nor `770 555 0100` in a longer number.
 */
export type PersonMatcher = {
  email: string
  phone: string | undefined
  /** For $regex with $options 'i': the address or the phone number anywhere in a text. */
  database: string
  /** For $regex with $options 'i': a field that holds exactly the address (spaces around allowed). */
  databaseEmailField: string
  /** For $regex: a field that holds the phone number, written any way. */
  databasePhoneField: string | undefined
  test: (text: string) => boolean
  /** True when a phone field holds this number (compared by its digits). */
  samePhone: (phone: string | null | undefined) => boolean
  sameEmail: (email: string | null | undefined) => boolean
  redact: (text: string) => string
}

export const ERASED_EMAIL = '[erased e-mail]'
export const ERASED_PHONE = '[erased phone]'

export function personMatcher({ email, phone }: PrivacyLookup): PersonMatcher {
  const address = email.trim().toLowerCase()
  const digits = phone ? phoneDigits(phone) : undefined
  const escaped = escapeRegExp(address)
  const exactEmail = new RegExp(String.raw`(?<![\w.%+-])${escaped}(?![\w-]|\.\w)`, 'gi')
  // An optional country code 1 before a ten-digit number, and no digit either side.
  const exactPhone = digits ? new RegExp(String.raw`(?<![\d])(?:\+?1${SEPARATORS})?${phonePattern(digits)}(?!\d)`, 'g') : undefined
  const test = (text: string) => {
    exactEmail.lastIndex = 0
    if (exactEmail.test(text)) return true
    if (!exactPhone) return false
    exactPhone.lastIndex = 0
    return exactPhone.test(text)
  }
  return {
    email: address,
    phone: digits,
    database: digits ? `${escaped}|${phonePattern(digits)}` : escaped,
    databaseEmailField: String.raw`^\s*${escaped}\s*$`,
    databasePhoneField: digits ? phonePattern(digits) : undefined,
    test,
    samePhone: (value) => Boolean(digits && value && phoneDigits(value) === digits),
    sameEmail: (value) => typeof value === 'string' && value.trim().toLowerCase() === address,
    redact: (text) => {
      let redacted = text.replace(exactEmail, ERASED_EMAIL)
      if (exactPhone) redacted = redacted.replace(exactPhone, ERASED_PHONE)
      return redacted
    },
  }
}

/** Every string anywhere inside a JSON-like value, for searching nested records (audit changes, mail payloads). */
export function someText(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value)
  if (Array.isArray(value)) return value.some((item) => someText(item, test))
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.values(value).some((item) => someText(item, test))
  return false
}

/** The same value with every string passed through `redact` (keys stay). */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, redact)) as T
  if (value && typeof value === 'object' && !(value instanceof Date) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, redact)])) as T
  }
  return value
}

/** "2 enquiries, 1 chat conversation, 6 messages, …": a count summary for people (toasts, the audit trail). */
const KIND_WORDS: Record<PrivacyKind, [string, string]> = {
  enquiries: ['enquiry', 'enquiries'],
  conversations: ['chat conversation', 'chat conversations'],
  messages: ['chat message', 'chat messages'],
  orders: ['order', 'orders'],
  outbox: ['outbox message', 'outbox messages'],
  audit: ['audit entry', 'audit entries'],
}

export function describeCount(kind: PrivacyKind, count: number) {
  const [one, many] = KIND_WORDS[kind]
  return `${count} ${count === 1 ? one : many}`
}

export function describeCounts(counts: PrivacyCounts) {
  return PRIVACY_KINDS.map((kind) => describeCount(kind, counts[kind])).join(', ')
}

export function totalOf(counts: PrivacyCounts) {
  return PRIVACY_KINDS.reduce((sum, kind) => sum + counts[kind], 0)
}

/** The lookup as a query string or form carries it: the first e-mail and phone, an empty phone as none. */
export function lookupInput(source: { get(name: string): unknown }) {
  const email = source.get('email')
  const phone = source.get('phone')
  return {
    email: email ?? undefined,
    phone: phone === null || (typeof phone === 'string' && phone.trim() === '') ? undefined : phone,
  }
}

/** Said when the database went away during an erase: nothing is claimed, and a second run finishes it. */
export const ERASE_INTERRUPTED_MESSAGE =
  'The erasure did not finish: our database is briefly unavailable. Nothing has been reported as done; run the erasure again in a minute and it will finish the job.'

export function exportFileName(now = new Date()) {
  return `personal-data-${now.toISOString().slice(0, 10)}.json`
}
