import { TOAST_VARIANTS, type ShownToast, withToastDefaults } from './toast'
import { z } from './zod'

// The flash toast travels in a signed cookie; it is still read as untrusted input. Action links
// are local paths only, so a toast can never send staff or visitors to another site.
export const toastSchema = z
  .object({
    id: z.string().max(50).optional(),
    title: z.string().max(200),
    description: z.string().max(500).optional(),
    action: z
      .object({
        label: z.string().max(50),
        href: z
          .string()
          .max(500)
          .regex(/^\/(?![/\\])/, 'a local path'),
      })
      .optional(),
    variant: z.enum(TOAST_VARIANTS).optional(),
  })
  .transform((toast): ShownToast => withToastDefaults(toast))
