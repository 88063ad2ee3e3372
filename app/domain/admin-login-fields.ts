// The sign-in form's messages and SPEC §8's sign-in and logout toasts, without zod (the logout
// action and the server use them; the schema in admin-login.ts imports them).
import type { Toast } from './toast'

export const ADMIN_LOGIN_MESSAGES = { username: 'Username is required', password: 'Password is required' } as const

export const SIGNED_IN_TOAST: Toast = { title: 'Successfully logged in', description: 'Welcome to the admin dashboard' }
export const SIGN_IN_FAILED_TOAST: Toast = {
  title: 'Authentication failed',
  description: 'Invalid username or password',
  variant: 'destructive',
}
export const LOGGED_OUT_TOAST: Toast = { title: 'Logged out', description: 'You have been logged out successfully' }

/** Said only after the right password: the account exists and its holder knows it is theirs. */
