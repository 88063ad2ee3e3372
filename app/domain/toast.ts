import { z } from './zod'

// SPEC §3: a toast has a title, a description and a variant (default or destructive).
export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'destructive']).default('default'),
})

export type Toast = z.input<typeof toastSchema>
export type ShownToast = z.output<typeof toastSchema>

/** SPEC §9: a toast stays 5 seconds unless dismissed. */
export const TOAST_DURATION_MS = 5000
