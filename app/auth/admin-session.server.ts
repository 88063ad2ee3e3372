import { createHash, randomBytes } from 'node:crypto'
import { isValidObjectId } from 'mongoose'
import type { Cookie } from 'react-router'
import { AdminSession } from '#app/models/admin-session.server'
import { type StaffRole, User } from '#app/models/user.server'
import { createSiteCookie } from '#app/session/site-cookie.server'

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

/** A signed-in staff member: the session belongs to the account id; name and role are read fresh. */
export type SignedInAdmin = { id: string; username: string; role: StaffRole }

/** Starts a session and returns the Set-Cookie value that carries it. */
export async function startAdminSession(user: Pick<SignedInAdmin, 'id' | 'username'>, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await AdminSession.create({
    tokenHash: hashToken(token),
    userId: user.id,
    username: user.username,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
  })
  return sessionCookie().serialize(token)
}

/** The admin whose live session the request carries, or null (no cookie, forged, expired or revoked). */
export async function findAdminSession(request: Request, now = new Date()): Promise<SignedInAdmin | null> {
  const token = await readToken(request)
  if (!token) return null
  // The expiry is checked here rather than trusted to the pruning job, which runs only now and then.
  const session = await AdminSession.findOne({ tokenHash: hashToken(token), expiresAt: { $gt: now } }).lean()
  if (!session || !isValidObjectId(session.userId)) return null
  // An account removed since sign-in (the demo account once ADMIN_PASSWORD is set) loses its sessions.
  const user = await User.findById(session.userId, { username: 1, role: 1 }).lean()
  if (!user) return null
  return { id: session.userId, username: user.username, role: user.role as StaffRole }
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
