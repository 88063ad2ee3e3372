import { z } from 'zod'

// SPEC §5: username and password both required. Shared by the sign-in form and its action.
export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
  redirectTo: z.string().optional(),
})

// SPEC §8 toasts.
export const SIGNED_IN_TOAST = { title: 'Successfully logged in', description: 'Welcome to the admin dashboard' } as const
export const SIGN_IN_FAILED_TOAST = {
  title: 'Authentication failed',
  description: 'Invalid username or password',
  variant: 'destructive',
} as const
export const LOGGED_OUT_TOAST = { title: 'Logged out', description: 'You have been logged out successfully' } as const

/** Said only after the right password: the account exists and its holder knows it is theirs. */
export const DISABLED_ACCOUNT_MESSAGE = 'This account is disabled. Ask an owner to enable it.'
