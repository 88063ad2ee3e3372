import { z } from './zod'

export const CHOOSE_ASSIGNEE_MESSAGE = 'Choose a staff member from the list'

/** A staff account's id, as the staff lists send it. */
export const staffIdSchema = z.string().regex(/^[a-f\d]{24}$/i, CHOOSE_ASSIGNEE_MESSAGE)

/** Who takes an enquiry or a chat (the assign form): empty means nobody. */
export const assignSchema = z.object({
  assignee: z.preprocess((value) => (value === '' ? undefined : value), staffIdSchema.optional()),
})
