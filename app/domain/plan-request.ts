import { CONTACT_LIMITS, CONTACT_MESSAGES, countDigits } from './contact-form-fields'
import { formatCents, pluralizeUsers, type PriceQuote } from './pricing'
import { PLAN_REQUEST_NOTE_LIMIT } from './plan-request-fields'
import { z } from './zod'

// With card payments off, checkout's payment step sends the configured plan as an enquiry
// instead: who to call, and the plan, option, users and backup, worded by the server from the
// choices it recomputes (nothing priced by the browser is trusted).

export { PLAN_REQUEST_INTENT, PLAN_REQUEST_NOTE_LIMIT, PLAN_REQUEST_SENT_TOAST } from './plan-request-fields'

export const planRequestSchema = z.object({
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
  phone: z
    .string({ error: CONTACT_MESSAGES.phone })
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone number must be at most ${CONTACT_LIMITS.phone} characters`)
    .refine((phone) => countDigits(phone) >= 10, CONTACT_MESSAGES.phone)
    .optional(),
  note: z.string().trim().max(PLAN_REQUEST_NOTE_LIMIT, `Your note must be at most ${PLAN_REQUEST_NOTE_LIMIT} characters`).optional(),
})

export type PlanRequestValues = z.output<typeof planRequestSchema>

/** The enquiry's message: the plan as configured, then the buyer's own note. */
export function planRequestMessage(planName: string, priced: PriceQuote, note?: string): string {
  const lines = [`Plan request from checkout (card payments are off): ${planName} Plan.`]
  if (priced.ms365Option.id === 'none') lines.push('Microsoft 365: none.')
  else lines.push(`Microsoft 365: ${priced.ms365Option.label} for ${pluralizeUsers(priced.users)}.`)
  lines.push(`Cloud backup: ${priced.backupApplies ? `yes, for ${pluralizeUsers(priced.users)}` : 'no'}.`)
  lines.push(`Monthly total: ${formatCents(priced.totalCents)}.`)
  if (note) lines.push('', note)
  return lines.join('\n')
}
