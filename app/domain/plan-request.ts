import { contactFormSchema } from './contact-form'
import { formatCents, pluralizeUsers, type PriceQuote } from './pricing'
import { PLAN_REQUEST_NOTE_LIMIT } from './plan-request-fields'
import { z } from './zod'

// With card payments off, checkout's payment step sends the configured plan as an enquiry
// instead: who to call, and the plan, option, users and backup, worded by the server from the
// choices it recomputes (nothing priced by the browser is trusted).

export { PLAN_REQUEST_INTENT, PLAN_REQUEST_NOTE_LIMIT, PLAN_REQUEST_SENT_TOAST } from './plan-request-fields'

// Who to call: the contact form's own fields and messages, and a note in place of the message.
export const planRequestSchema = contactFormSchema.pick({ name: true, email: true, phone: true }).extend({
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
