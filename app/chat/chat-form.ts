import { CHAT_CONTACT_MESSAGES, CHAT_LIMITS, isSimpleEmail } from '#app/domain/chat'
import { chatRequestSchema } from '#app/domain/chat-request'
import { z } from '#app/domain/zod'

// The chat's form, for the /chat page and the widget alike, in the browser (conform) and in the
// /chat action: the first message of a conversation also asks for name and e-mail (SPEC §5).

export const chatContactSchema = z.object({
  name: z
    .string({ error: CHAT_CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CHAT_CONTACT_MESSAGES.nameRequired)
    .max(CHAT_LIMITS.name, `Name must be at most ${CHAT_LIMITS.name} characters`),
  email: z
    .string({ error: CHAT_CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CHAT_CONTACT_MESSAGES.emailRequired)
    .max(CHAT_LIMITS.email, CHAT_CONTACT_MESSAGES.emailInvalid)
    // A length check and a loop, never a pattern: zod runs every check, even after `max` failed.
    .refine(isSimpleEmail, CHAT_CONTACT_MESSAGES.emailInvalid),
})

/** Once the conversation has a name and e-mail, a message is all that is asked. */
export function chatFormSchema({ contactKnown }: { contactKnown: boolean }) {
  return contactKnown ? chatRequestSchema.omit({ name: true, email: true }) : chatRequestSchema.extend(chatContactSchema.shape)
}

/** The page's form; name and e-mail only until the conversation has them. */
export type ChatFormFields = { message: string; name?: string; email?: string }

/** Marks a send from the widget: answered with data rather than a redirect to /chat. */
export const FROM_WIDGET = 'widget'
