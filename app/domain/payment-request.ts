import { z } from './zod'
import { MAX_USERS, MS365_OPTION_IDS } from './pricing'

// SPEC §7: the body of POST /api/create-payment-intent, plus includeCloudBackup (the amount
// depends on it). The page builds it; the server validates it with this same schema.
export const paymentRequestSchema = z.object({
  planId: z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim()
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
      ctx.addIssue({ code: 'custom', message: 'Unknown plan' })
      return z.NEVER
    }
    return Number(text)
  }),
  name: z.string({ error: 'Name on card is required' }).trim().min(2, 'Name on card is required').max(200),
  email: z.email({ error: 'Please enter a valid email address' }).trim().max(320),
  phone: z.string().trim().max(40).optional(),
  ms365Option: z.enum(MS365_OPTION_IDS, { error: 'Unknown Microsoft 365 option' }).default('none'),
  ms365Users: z.number({ error: 'Users must be a number' }).int('Users must be a whole number').min(0).max(MAX_USERS).default(0),
  includeCloudBackup: z.boolean().default(false),
  /** The total per month in dollars the visitor saw; the server recomputes and compares. */
  amount: z.number({ error: 'Amount is required' }).nonnegative().finite(),
  paymentMethod: z.literal('credit_card', { error: 'Only credit card payments are accepted' }).default('credit_card'),
})

export type PaymentRequest = z.input<typeof paymentRequestSchema>
export type ParsedPaymentRequest = z.output<typeof paymentRequestSchema>

/** SPEC §5: billing e-mail must be valid. The same check as the server's. */
export function isValidEmail(value: string) {
  return z.email().safeParse(value.trim()).success
}
