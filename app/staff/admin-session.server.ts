import { createHash, randomBytes } from 'node:crypto'
import { isValidObjectId } from 'mongoose'
import type { Cookie } from 'react-router'
import { AdminSession } from '#app/staff/admin-session-model.server'
import { type StaffRole, User } from '#app/staff/user-model.server'
import { createSiteCookie } from '#app/lib/session/site-cookie.server'

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60

let cookie: Cookie | undefined

// Created on first use so tests and scripts that never touch sessions don't need the environment.
// `__Host-en_admin` in production (see createSiteCookie).
function sessionCookie() {
  cookie ??= createSiteCookie('en_admin', { maxAge: SESSION_MAX_AGE_SECONDS })
  return cookie
}

/** The staff session cookie's name: a request that carries it bypasses the page cache. */
export function adminSessionCookieName() {
  return sessionCookie().name
}

function hashToken(token: string) {
  return createHash('sha256').update(token).digest('base64url')
}

async function readToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * A signed-in staff member: the session belongs to the account id; name, role and whether the
 * account has two-step verification are read fresh on every request.
 */
export type SignedInAdmin = { id: string; username: string; role: StaffRole; totpEnabled: boolean }

/** How long a browser has to enter its code after the password was right. */
export const SECOND_FACTOR_MAX_AGE_SECONDS = 5 * 60

type SessionStage = 'signed-in' | 'second-factor'

/** Starts a session and returns the Set-Cookie value that carries it. */
export async function startAdminSession(
  user: Pick<SignedInAdmin, 'id' | 'username'>,
  now = new Date(),
  stage: SessionStage = 'signed-in',
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const maxAgeSeconds = stage === 'signed-in' ? SESSION_MAX_AGE_SECONDS : SECOND_FACTOR_MAX_AGE_SECONDS
  await AdminSession.create({
    tokenHash: hashToken(token),
    userId: user.id,
    username: user.username,
    stage,
    // Signing in is itself a proof: the password (and code) were just entered.
    verifiedAt: stage === 'signed-in' ? now : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
  })
  return sessionCookie().serialize(token, { maxAge: maxAgeSeconds })
}

/** The live session record the request's cookie names, with its account (null if either is gone). */
async function liveSession(request: Request, now: Date) {
  const token = await readToken(request)
  if (!token) return null
  // The expiry is checked here rather than trusted to the pruning job, which runs only now and then.
  const session = await AdminSession.findOne({ tokenHash: hashToken(token), expiresAt: { $gt: now } }).lean()
  if (!session || !isValidObjectId(session.userId)) return null
  // An account removed since sign-in (the demo account once ADMIN_PASSWORD is set) loses its
  // sessions; a disabled one is refused at its next request.
  const user = await User.findById(session.userId, { username: 1, role: 1, disabled: 1, totpSecret: 1 }).lean()
  if (!user || user.disabled) return null
  const admin: SignedInAdmin = {
    id: session.userId,
    username: user.username,
    role: user.role as StaffRole,
    totpEnabled: Boolean(user.totpSecret),
  }
  return {
    stage: (session.stage ?? 'signed-in') as SessionStage,
    tokenHash: session.tokenHash,
    verifiedAt: session.verifiedAt ?? null,
    admin,
  }
}

/** When the request's full session last proved it was its holder (sign-in or the confirm page), or null. */
export async function sessionVerifiedAt(request: Request, now = new Date()): Promise<Date | null> {
  const session = await liveSession(request, now)
  return session?.stage === 'signed-in' ? session.verifiedAt : null
}

/** Records that the request's session just proved it was its holder again. */
export async function markSessionVerified(request: Request, now = new Date()) {
  const token = await readToken(request)
  if (token) await AdminSession.updateOne({ tokenHash: hashToken(token), stage: { $ne: 'second-factor' } }, { $set: { verifiedAt: now } })
}

/** The admin whose live session the request carries, or null (no cookie, forged, expired, revoked or disabled). */
export async function findAdminSession(request: Request, now = new Date()): Promise<SignedInAdmin | null> {
  const session = await liveSession(request, now)
  return session?.stage === 'signed-in' ? session.admin : null
}

/** The account whose password was right and whose code the browser is about to enter, or null. */
export async function findSecondFactorSession(request: Request, now = new Date()): Promise<SignedInAdmin | null> {
  const session = await liveSession(request, now)
  return session?.stage === 'second-factor' ? session.admin : null
}

/** Ends every other session of the request's account (its password changed here). */
export async function endOtherSessions(request: Request, userId: string) {
  const token = await readToken(request)
  await AdminSession.deleteMany({ userId, ...(token ? { tokenHash: { $ne: hashToken(token) } } : {}) })
}

/** Revokes the request's session in the database and returns a Set-Cookie value that clears it. */
export async function endAdminSession(request: Request): Promise<string> {
  const token = await readToken(request)
  if (token) await AdminSession.deleteOne({ tokenHash: hashToken(token) })
  return sessionCookie().serialize('', { maxAge: 0 })
}

/** Removes expired sessions (a scheduled job: FerretDB has no TTL indexes). */
export async function pruneAdminSessions(now = new Date()) {
  const { deletedCount } = await AdminSession.deleteMany({ expiresAt: { $lte: now } })
  return deletedCount
}
