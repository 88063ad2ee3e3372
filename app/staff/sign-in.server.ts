import type { RouterContextProvider } from 'react-router'
import { recordAudit } from '#app/staff/audit.server'
import { User } from '#app/staff/user-model.server'
import { hitRateLimits, type RateLimitRule, resetRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { type SignedInAdmin, startAdminSession } from './admin-session.server'
import { hashPassword, needsRehash, PasswordHashingBusyError, verifyPassword } from './password.server'
import { rememberDevice, trustedDeviceFor } from './trusted-device.server'
import { SIGN_IN_WINDOW_MS } from '#app/domain/staff'

// Every attempt is counted before its password is hashed, and refused over the limit without hashing.
// Limits are per address, per (username, address) and per username: guesses spread over many
// addresses still run out. A browser that signed in to the account before is counted under its
// device cookie alone, so no failures from elsewhere (nor from its own office's address) lock it out.
export const ATTEMPTS_PER_ADDRESS: RateLimitRule = { name: 'sign-in-address', limit: 10, windowMs: SIGN_IN_WINDOW_MS }
export const ATTEMPTS_PER_USERNAME_AND_ADDRESS: RateLimitRule = { name: 'sign-in-user-address', limit: 5, windowMs: SIGN_IN_WINDOW_MS }
export const ATTEMPTS_PER_TRUSTED_DEVICE: RateLimitRule = { name: 'sign-in-device', limit: 5, windowMs: SIGN_IN_WINDOW_MS }
/** All browsers without the account's device cookie together, from any number of addresses. */
export const ATTEMPTS_PER_USERNAME: RateLimitRule = { name: 'sign-in-user', limit: 20, windowMs: SIGN_IN_WINDOW_MS }

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'
export const SIGN_IN_BUSY_MESSAGE = 'Sign-in is busy right now. Please try again in a few seconds.'

export type SignInResult =
  /** Password right; `secondFactor` when the account has two-step verification on (a code comes next). */
  | { outcome: 'signed-in'; admin: SignedInAdmin; secondFactor: boolean }
  /** Wrong username or password, an account that has no password yet, or a disabled account (`disabled`, for the audit only). */
  | { outcome: 'invalid'; userId: string | null; disabled?: true }
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
  | { outcome: 'busy' }

// Verifying against a throwaway hash when the username is unknown keeps the answer time the same,
// so response times don't reveal which usernames exist.
let decoyHash: Promise<string> | undefined

/** The limits an attempt counts against; the last one is this browser's own, cleared by a success. */
function limitsFor(usernameKey: string, clientIp: string, trustedDevice: string | null) {
  if (trustedDevice) return [{ rule: ATTEMPTS_PER_TRUSTED_DEVICE, subject: trustedDevice }]
  return [
    { rule: ATTEMPTS_PER_USERNAME, subject: usernameKey },
    { rule: ATTEMPTS_PER_ADDRESS, subject: clientIp },
    { rule: ATTEMPTS_PER_USERNAME_AND_ADDRESS, subject: `${usernameKey}|${clientIp}` },
  ]
}

export async function signIn({
  username,
  password,
  clientIp,
  request,
}: {
  username: string
  password: string
  clientIp: string
  /** For the device cookie of a browser that signed in before. */
  request: Request
}): Promise<SignInResult> {
  const usernameKey = username.trim().toLowerCase()
  const user = await User.findOne({ username: username.trim() }).lean()
  const trustedDevice = user ? await trustedDeviceFor(request, String(user._id)) : null
  const limits = limitsFor(usernameKey, clientIp, user && trustedDevice ? `${String(user._id)}:${trustedDevice}` : null)
  const attempt = await hitRateLimits(limits)
  if (!attempt.allowed) return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfterSeconds }

  let valid: boolean
  try {
    decoyHash ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
      decoyHash = undefined
      throw error
    })
    // A browser that signed in before hashes in a lane of its own: guesses from elsewhere can't make it wait.
    valid = await verifyPassword(password, user?.password ?? (await decoyHash), { lane: trustedDevice ? 'trusted' : 'public' })
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error
    // Not the visitor's failure: the attempt is given back.
    await attempt.release()
    return { outcome: 'busy' }
  }
  // An account without a password yet (its set-password link not followed) matches nothing, not even the decoy.
  if (!user || !user.password || !valid) return { outcome: 'invalid', userId: user ? String(user._id) : null }
  if (user.disabled) return { outcome: 'invalid', userId: String(user._id), disabled: true }

  // A success is not held against the address, and clears this browser's earlier failures.
  await attempt.release()
  const own = limits.at(-1)!
  await resetRateLimit(own.rule, own.subject)
  const current = user.password
  if (needsRehash(current)) {
    // Only if no one changed the password meanwhile.
    const upgraded = await hashPassword(password).catch(() => null)
    if (upgraded) await User.updateOne({ _id: user._id, password: current }, { $set: { password: upgraded } })
  }
  const totpEnabled = Boolean(user.totpSecret)
  return {
    outcome: 'signed-in',
    admin: { id: String(user._id), username: user.username, role: user.role as SignedInAdmin['role'], totpEnabled },
    secondFactor: totpEnabled,
  }
}

export type PasswordConfirmation =
  { outcome: 'right' } | { outcome: 'wrong' } | { outcome: 'rate-limited'; retryAfterSeconds: number } | { outcome: 'busy' }

/**
 * The signed-in account's password typed again (the confirm page before a sensitive change), counted
 * against exactly the limits a sign-in attempt counts against, so a stolen session can't guess it
 * any faster than a stranger at the sign-in form.
 */
export async function confirmPassword({
  admin,
  password,
  clientIp,
  request,
}: {
  admin: Pick<SignedInAdmin, 'id' | 'username'>
  password: string
  clientIp: string
  request: Request
}): Promise<PasswordConfirmation> {
  const trustedDevice = await trustedDeviceFor(request, admin.id)
  const limits = limitsFor(admin.username.trim().toLowerCase(), clientIp, trustedDevice ? `${admin.id}:${trustedDevice}` : null)
  const attempt = await hitRateLimits(limits)
  if (!attempt.allowed) return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfterSeconds }
  const user = await User.findById(admin.id, { password: 1, disabled: 1 }).lean()
  let valid: boolean
  try {
    valid = Boolean(user?.password) && (await verifyPassword(password, user!.password!, { lane: trustedDevice ? 'trusted' : 'public' }))
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error
    await attempt.release()
    return { outcome: 'busy' }
  }
  if (!valid || !user || user.disabled) return { outcome: 'wrong' }
  await attempt.release()
  return { outcome: 'right' }
}

/**
 * The last step of every sign-in (after the password, or after the code when the account has two-step
 * verification): a full session, the device cookie, the time of sign-in and an audit line. Returns the
 * Set-Cookie headers to send with the redirect.
 */
export async function completeSignIn({
  request,
  context,
  admin,
  method,
}: {
  request: Request
  context: Pick<RouterContextProvider, 'get'>
  admin: SignedInAdmin
  method: string
}): Promise<Headers> {
  const headers = new Headers()
  headers.append('Set-Cookie', await startAdminSession(admin))
  headers.append('Set-Cookie', await rememberDevice(request, admin.id))
  await User.updateOne({ _id: admin.id }, { $set: { lastSignInAt: new Date() } })
  await recordAudit({ actor: admin, kind: 'sign-in', action: `signed in (${method})`, target: `user:${admin.id}`, context })
  return headers
}
