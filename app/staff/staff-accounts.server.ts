import { createHash, randomBytes } from 'node:crypto'
import { isValidObjectId } from 'mongoose'
import type { RouterContextProvider } from 'react-router'
import { type AuditActor, changesBetween, recordAudit } from '#app/staff/audit.server'
import { getEnv } from '#app/lib/config/env.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { withDocumentLock } from '#app/lib/db/document-lock.server'
import { invariantResponse, jsonError } from '#app/lib/http/responses.server'
import { SET_PASSWORD_LINK_HOURS, type StaffRole, usernameSchema } from '#app/domain/staff'
import { AdminSession } from '#app/staff/admin-session-model.server'
import { StaffSettings } from '#app/staff/staff-settings-model.server'
import { User } from '#app/staff/user-model.server'
import { endOtherSessions } from './admin-session.server'
import { hashPassword, verifyPassword } from './password.server'
import { hitRateLimit, type RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'
import { removeTotp } from './totp.server'

// Staff accounts. Every change here is made by someone (`by`): it is audited, and
// the owners' page and the staff API share these functions, so both follow the same rules.

type Context = Pick<RouterContextProvider, 'get'>
export type ChangedBy = { actor: NonNullable<AuditActor>; context: Context }

/** An account as owners see it (never its password hash, secrets or tokens). */
export type StaffAccount = {
  id: string
  username: string
  name: string
  role: StaffRole
  disabled: boolean
  totpEnabled: boolean
  /** True until the account's holder sets a password through a link. */
  awaitingPassword: boolean
  /** When the open set-password link stops working, if there is one. */
  setPasswordLinkExpiresAt: string | null
  lastSignInAt: string | null
  createdAt: string | null
}

type UserRecord = {
  _id: unknown
  username: string
  name?: string | null
  role: string
  disabled?: boolean | null
  password?: string | null
  totpSecret?: string | null
  setPasswordExpiresAt?: Date | null
  lastSignInAt?: Date | null
  createdAt?: Date | null
}

function toStaffAccount(user: UserRecord): StaffAccount {
  return {
    id: String(user._id),
    username: user.username,
    name: user.name ?? '',
    role: user.role as StaffRole,
    disabled: Boolean(user.disabled),
    totpEnabled: Boolean(user.totpSecret),
    awaitingPassword: !user.password,
    setPasswordLinkExpiresAt:
      user.setPasswordExpiresAt && user.setPasswordExpiresAt > new Date() ? user.setPasswordExpiresAt.toISOString() : null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt?.toISOString() ?? null,
  }
}

export async function listStaffAccounts(): Promise<StaffAccount[]> {
  const users = await User.find({ demo: { $ne: true } })
    .sort({ username: 1 })
    .lean()
  return users.map(toStaffAccount)
}

export async function findStaffAccount(id: string): Promise<StaffAccount | null> {
  if (!isValidObjectId(id)) return null
  const user = await User.findById(id).lean()
  return user ? toStaffAccount(user) : null
}

/** An account named in an owners' page address (`/admin/staff/:username/…`); demo accounts are not listed, so not found. */
export async function findStaffAccountByUsername(username: string): Promise<StaffAccount | null> {
  const user = await User.findOne({ username, demo: { $ne: true } }).lean()
  return user ? toStaffAccount(user) : null
}

/** The account an owners' task names in its address, or a 404 (also for what can't be a username). */
export async function requireStaffAccountNamed(username: string | undefined): Promise<StaffAccount> {
  const parsed = usernameSchema.safeParse(username ?? '')
  const account = parsed.success ? await findStaffAccountByUsername(parsed.data) : null
  invariantResponse(account, 'Account not found', 404)
  return account
}

function hashLinkToken(token: string) {
  return createHash('sha256').update(token).digest('base64url')
}

/** A new one-time link for the account: only its hash is stored; the link is shown once to the owner. */
async function issueSetPasswordLink(userId: string) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 60 * 60 * 1000)
  await User.updateOne({ _id: userId }, { $set: { setPasswordTokenHash: hashLinkToken(token), setPasswordExpiresAt: expiresAt } })
  // In the query string: request logs and the access log never keep it, unlike the path.
  const url = new URL('/set-password', getEnv().SITE_URL)
  url.searchParams.set('token', token)
  return { setPasswordUrl: url.toString(), expiresAt }
}

export type AccountResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; field?: string }

const refuse = (status: 400 | 404 | 409, message: string, field?: string) => ({ ok: false as const, status, message, field })

/** A refused change as the staff API says it: `{message, errors}`, naming the field when there is one. */
export function accountRefusal(refused: Extract<AccountResult<unknown>, { ok: false }>) {
  return jsonError(refused.status, refused.message, refused.field ? { errors: { [refused.field]: [refused.message] } } : undefined)
}

/** Adds an account, which has no password until its holder follows the link (valid 24 h) shown once. */
export async function createStaffAccount(
  input: { username: string; name: string; role: StaffRole },
  by: ChangedBy,
): Promise<AccountResult<{ account: StaffAccount; setPasswordUrl: string }>> {
  let created
  try {
    created = await User.create({ username: input.username, name: input.name, role: input.role, password: null })
  } catch (error) {
    if (isDuplicateKeyError(error)) return refuse(409, `The username ${input.username} is taken.`, 'username')
    throw error
  }
  const id = String(created._id)
  const { setPasswordUrl } = await issueSetPasswordLink(id)
  await recordAudit({
    ...by,
    kind: 'account',
    action: 'added account',
    target: `user:${id}`,
    changes: changesBetween(null, input),
  })
  return { ok: true, value: { account: (await findStaffAccount(id))!, setPasswordUrl } }
}

/**
 * The one rule owners can't break: some active owner must remain. Changes to roles and disabled
 * flags take turns on one lock, because FerretDB doesn't isolate concurrent updates: two owners
 * demoting each other at once would otherwise both succeed.
 */
const ACCOUNTS_LOCK = 'staff-accounts'
export const LAST_OWNER_MESSAGE = 'This is the last active owner: make another account an owner first.'

/** Changes name, role or disabled; disabling ends the account's sessions. */
export async function updateStaffAccount(
  id: string,
  patch: { name?: string; role?: StaffRole; disabled?: boolean },
  by: ChangedBy,
): Promise<AccountResult<StaffAccount>> {
  if (!isValidObjectId(id)) return refuse(404, 'Account not found')
  return withDocumentLock(ACCOUNTS_LOCK, async () => {
    const before = await User.findById(id).lean()
    if (!before || before.demo) return refuse(404, 'Account not found')
    const changes = changesBetween({ name: before.name ?? '', role: before.role, disabled: Boolean(before.disabled) }, patch)
    if (Object.keys(changes).length === 0) return { ok: true as const, value: toStaffAccount(before) }
    const losesOwner = before.role === 'owner' && !before.disabled && (patch.role === 'staff' || patch.disabled === true)
    if (losesOwner && (await User.countDocuments({ role: 'owner', disabled: { $ne: true }, _id: { $ne: before._id } })) === 0) {
      return refuse(409, LAST_OWNER_MESSAGE, patch.role === 'staff' ? 'role' : 'disabled')
    }
    if (before.bootstrap && (patch.role === 'staff' || patch.disabled === true)) {
      // ADMIN_USERNAME's account would be made an active owner again at the next start anyway.
      return refuse(
        409,
        'The owner account set by ADMIN_USERNAME can’t be demoted or disabled here; change the server’s configuration instead.',
      )
    }
    await User.updateOne({ _id: before._id }, { $set: patch })
    if (patch.disabled === true) await AdminSession.deleteMany({ userId: id })
    const action = patch.disabled === true ? 'disabled account' : patch.disabled === false ? 'enabled account' : 'changed account'
    await recordAudit({ ...by, kind: 'account', action, target: `user:${id}`, changes })
    return { ok: true as const, value: (await findStaffAccount(id))! }
  })
}

/**
 * A new one-time link for an account's holder: the old password stops working and its sessions
 * end (a reset is what an owner does when a password is forgotten or may be known to someone else).
 */
export async function resetStaffPassword(id: string, by: ChangedBy): Promise<AccountResult<{ username: string; setPasswordUrl: string }>> {
  if (!isValidObjectId(id)) return refuse(404, 'Account not found')
  if (id === by.actor.id) return refuse(409, 'Change your own password on your account page.')
  const user = await User.findById(id, { username: 1, demo: 1, bootstrap: 1 }).lean()
  if (!user || user.demo) return refuse(404, 'Account not found')
  if (user.bootstrap) return refuse(409, 'The password of the owner account set by ADMIN_USERNAME comes from ADMIN_PASSWORD.')
  await User.updateOne({ _id: id }, { $set: { password: null, passwordChangedAt: new Date() } })
  await AdminSession.deleteMany({ userId: id })
  const { setPasswordUrl } = await issueSetPasswordLink(id)
  await recordAudit({ ...by, kind: 'account', action: 'reset password (new set-password link)', target: `user:${id}` })
  return { ok: true, value: { username: user.username, setPasswordUrl } }
}

/** An owner turns off another account's two-step verification (a lost phone and lost codes). */
export async function removeStaffTotp(id: string, by: ChangedBy): Promise<AccountResult<{ username: string }>> {
  if (!isValidObjectId(id)) return refuse(404, 'Account not found')
  // One's own goes off on the account page, which asks for the password; never from the owners' page.
  if (id === by.actor.id) return refuse(409, 'Turn off your own two-step verification on your account page.')
  const user = await User.findById(id, { username: 1, totpSecret: 1, demo: 1 }).lean()
  if (!user || user.demo) return refuse(404, 'Account not found')
  if (!user.totpSecret) return refuse(409, 'This account has no two-step verification to remove.')
  await removeTotp(id)
  await recordAudit({ ...by, kind: 'totp', action: 'removed two-step verification of another account', target: `user:${id}` })
  return { ok: true, value: { username: user.username } }
}

/** The account a set-password link is for, while the link works. */
export async function findSetPasswordAccount(token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return null
  const user = await User.findOne(
    { setPasswordTokenHash: hashLinkToken(token), setPasswordExpiresAt: { $gt: new Date() }, disabled: { $ne: true } },
    { username: 1, name: 1 },
  ).lean()
  return user ? { id: String(user._id), username: user.username, name: user.name ?? '' } : null
}

/** Sets the password through a one-time link, which then stops working; the account's sessions end. */
export async function setPasswordWithLink(token: string, password: string, context: Context): Promise<{ username: string } | null> {
  const account = await findSetPasswordAccount(token)
  if (!account) return null
  const hash = await hashPassword(password)
  const { modifiedCount } = await User.updateOne(
    { _id: account.id, setPasswordTokenHash: hashLinkToken(token) },
    {
      $set: {
        password: hash,
        passwordChangedAt: new Date(),
        passwordGenerated: false,
        setPasswordTokenHash: null,
        setPasswordExpiresAt: null,
      },
    },
  )
  if (modifiedCount !== 1) return null
  await AdminSession.deleteMany({ userId: account.id })
  await recordAudit({
    actor: { id: account.id, username: account.username },
    kind: 'account',
    action: 'set password with one-time link',
    target: `user:${account.id}`,
    context,
  })
  return { username: account.username }
}

/** Checks of the current password on the account page are counted like sign-ins: a stolen session can't guess it. */
/** The signed-in account's own name and when its password last changed (its account page). */
export async function ownAccountDetails(userId: string) {
  const user = await User.findById(userId, { name: 1, passwordChangedAt: 1 }).lean()
  return { name: user?.name ?? '', passwordChangedAt: user?.passwordChangedAt?.toISOString() ?? null }
}

export const PASSWORD_CHECKS_PER_ACCOUNT: RateLimitRule = { name: 'account-password', limit: 5, windowMs: 15 * 60 * 1000 }

export type PasswordCheck = { outcome: 'right' } | { outcome: 'wrong-password' } | { outcome: 'rate-limited'; retryAfterSeconds: number }

/** Whether `password` is the signed-in account's current one (counted; a right one gives its attempt back). */
export async function checkOwnPassword(userId: string, password: string): Promise<PasswordCheck> {
  const attempt = await hitRateLimit(PASSWORD_CHECKS_PER_ACCOUNT, userId)
  if (!attempt.allowed) return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfterSeconds }
  const user = await User.findById(userId, { password: 1 }).lean()
  if (!user?.password || !(await verifyPassword(password, user.password))) return { outcome: 'wrong-password' }
  await attempt.release()
  return { outcome: 'right' }
}

/** Changes the signed-in account's own password (the current one required); its other sessions end. */
export async function changeOwnPassword(
  request: Request,
  input: { currentPassword: string; password: string },
  by: ChangedBy,
): Promise<PasswordCheck | { outcome: 'changed' }> {
  const check = await checkOwnPassword(by.actor.id, input.currentPassword)
  if (check.outcome !== 'right') return check
  const hash = await hashPassword(input.password)
  await User.updateOne({ _id: by.actor.id }, { $set: { password: hash, passwordChangedAt: new Date(), passwordGenerated: false } })
  await endOtherSessions(request, by.actor.id)
  await recordAudit({ ...by, kind: 'account', action: 'changed own password', target: `user:${by.actor.id}` })
  return { outcome: 'changed' }
}

/** Whether owners require two-step verification of every account. */
export async function isTotpRequired(): Promise<boolean> {
  const settings = await StaffSettings.findById('staff').lean()
  return Boolean(settings?.requireTotp)
}

export const ENROL_YOURSELF_FIRST_MESSAGE = 'Turn on two-step verification for your own account first (on your account page).'

/**
 * Requires two-step verification of every account, or stops requiring it. Only an owner who has it on
 * can require it: otherwise the change would shut its maker out of every page but the account page.
 */
export async function setTotpRequired(required: boolean, by: ChangedBy): Promise<AccountResult<null>> {
  const before = await isTotpRequired()
  if (before === required) return { ok: true, value: null }
  if (required && !(await User.exists({ _id: by.actor.id, totpSecret: { $ne: null } }))) return refuse(409, ENROL_YOURSELF_FIRST_MESSAGE)
  await StaffSettings.updateOne({ _id: 'staff' }, { $set: { requireTotp: required } }, { upsert: true })
  await recordAudit({
    ...by,
    kind: 'totp',
    action: required ? 'required two-step verification for everyone' : 'stopped requiring two-step verification',
    target: 'settings:staff',
    changes: { requireTotp: { before, after: required } },
  })
  return { ok: true, value: null }
}
