import { ADMIN_LOGIN_MESSAGES } from './admin-login-fields'
import { z } from './zod'

// SPEC §5: username and password both required. Shared by the sign-in form and its action.
export const adminLoginSchema = z.object({
  username: z.string({ error: ADMIN_LOGIN_MESSAGES.username }).trim().min(1, ADMIN_LOGIN_MESSAGES.username).max(200),
  password: z.string({ error: ADMIN_LOGIN_MESSAGES.password }).min(1, ADMIN_LOGIN_MESSAGES.password).max(1000),
  redirectTo: z.string().optional(),
})
