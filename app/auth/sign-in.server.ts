import { User } from '#app/models/user.server'
import { hitRateLimit, peekRateLimit, type RateLimitRule, resetRateLimit } from '#app/security/rate-limit.server'
import type { SignedInAdmin } from './admin-session.server'
import { hashPassword, verifyPassword } from './password.server'

// 5 failed sign-ins per username or per address within 15 minutes, then 429 until the window ends.
const FAILURES_PER_USERNAME: RateLimitRule = { name: 'admin-login-user', limit: 5, windowMs: 15 * 60 * 1000 }
const FAILURES_PER_IP: RateLimitRule = { name: 'admin-login-ip', limit: 5, windowMs: 15 * 60 * 1000 }

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'

export type SignInResult =
  { outcome: 'signed-in'; admin: SignedInAdmin } | { outcome: 'invalid' } | { outcome: 'rate-limited'; retryAfterSeconds: number }

// Verifying against a throwaway hash when the username is unknown keeps the answer time the same,
// so response times don't reveal which usernames exist.
let decoyHash: Promise<string> | undefined

export async function signIn({
  username,
  password,
  clientIp,
}: {
  username: string
  password: string
  clientIp: string
}): Promise<SignInResult> {
  const usernameKey = username.trim().toLowerCase()
  const [byUser, byIp] = await Promise.all([peekRateLimit(FAILURES_PER_USERNAME, usernameKey), peekRateLimit(FAILURES_PER_IP, clientIp)])
  if (!byUser.allowed || !byIp.allowed) {
    return {
      outcome: 'rate-limited',
      retryAfterSeconds: Math.max(byUser.allowed ? 0 : byUser.retryAfterSeconds, byIp.allowed ? 0 : byIp.retryAfterSeconds),
    }
  }

  const user = await User.findOne({ username: username.trim() }).lean()
  decoyHash ??= hashPassword('decoy password that matches nothing')
  const valid = await verifyPassword(password, user?.password ?? (await decoyHash))
  if (user && valid) {
    await resetRateLimit(FAILURES_PER_USERNAME, usernameKey)
    return { outcome: 'signed-in', admin: { id: String(user._id), username: user.username } }
  }
  await Promise.all([hitRateLimit(FAILURES_PER_USERNAME, usernameKey), hitRateLimit(FAILURES_PER_IP, clientIp)])
  return { outcome: 'invalid' }
}
