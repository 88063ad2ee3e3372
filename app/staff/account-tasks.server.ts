import type { PasswordCheck } from './staff-accounts.server'

// What the account page's tasks answer when the current password they ask for is wrong or has
// been tried too often: a message on the password field, or on the form with Retry-After.

export const WRONG_PASSWORD_MESSAGE = 'That is not your current password.'
export const TOO_MANY_PASSWORD_CHECKS_MESSAGE = 'Too many wrong passwords. Please wait 15 minutes and try again.'

export type PasswordRefusal = {
  status: 400 | 429
  formErrors?: string[]
  fieldErrors?: Record<string, string[]>
  headers?: Record<string, string>
}

/** The refusal for a password check that did not pass; null when it did. */
export function passwordCheckRefusal(check: PasswordCheck | { outcome: 'changed' }): PasswordRefusal | null {
  if (check.outcome === 'rate-limited')
    return { status: 429, formErrors: [TOO_MANY_PASSWORD_CHECKS_MESSAGE], headers: { 'Retry-After': String(check.retryAfterSeconds) } }
  if (check.outcome === 'wrong-password') return { status: 400, fieldErrors: { currentPassword: [WRONG_PASSWORD_MESSAGE] } }
  return null
}
