import { parseWithZod } from '@conform-to/zod/v4'
import { contactFormSchema } from '#app/domain/contact-form'

// Loaded by the contact form when a visitor first focuses it, so zod and the schema are not part
// of every page's first download. The same schema validates on the server.
export function validateContactForm(formData: FormData) {
  return parseWithZod(formData, { schema: contactFormSchema })
}
