import { CONTACT_LIMITS, CONTACT_MESSAGES, countDigits, SERVICE_CHOICES, type ServiceValue } from './contact-form-fields'
import { z } from './zod'

// SPEC §3 (service choices) and §5 (rules and their exact messages). One schema: conform validates
// with it in the browser, the home route's action and POST /api/contact validate with it on the server.

const SERVICE_VALUES = SERVICE_CHOICES.map((choice) => choice.value) as [ServiceValue, ...ServiceValue[]]

// `error` on each base type makes a missing value or a non-string (say `{"$gt": ""}` sent to the
// JSON API) fail with the field's own message instead of zod's generic type error.
export const contactFormSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.name })
    .trim()
    .min(2, CONTACT_MESSAGES.name)
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string({ error: CONTACT_MESSAGES.email })
    .trim()
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.email)
    .pipe(z.email({ error: CONTACT_MESSAGES.email })),
  // Any format is accepted ('(770) 555-0100 ext. 2'); only the digit count matters.
  phone: z
    .string({ error: CONTACT_MESSAGES.phone })
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone number must be at most ${CONTACT_LIMITS.phone} characters`)
    .refine((phone) => countDigits(phone) >= 10, CONTACT_MESSAGES.phone)
    .optional(),
  service: z.enum(SERVICE_VALUES, { error: CONTACT_MESSAGES.service }).optional(),
  message: z
    .string({ error: CONTACT_MESSAGES.message })
    .trim()
    .min(10, CONTACT_MESSAGES.message)
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
})

export type ContactFormValues = z.output<typeof contactFormSchema>

/**
 * The JSON API receives what the browser form sends: empty optional fields arrive as "" (conform
 * turns them into undefined for forms; this does the same for JSON bodies). Only top-level empty
 * strings change, so anything else still reaches the schema and fails there; a body that is not
 * an object fails as a whole.
 */
export const contactJsonSchema = z.preprocess((body) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' && value.trim() === '' ? undefined : value]),
  )
}, contactFormSchema)
