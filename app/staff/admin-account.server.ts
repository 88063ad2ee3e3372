import { randomBytes } from 'node:crypto'
import { AdminSession } from '#app/staff/admin-session-model.server'
import { User } from '#app/staff/user-model.server'
import { hashPassword, needsRehash, verifyPassword } from './password.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { retryLostUpsert } from '#app/lib/db/lost-upsert.server'

/** The fixed demo pair of `npm run dev` (NODE_ENV=development without ADMIN_PASSWORD), and of nothing else. */
export const DEMO_CREDENTIALS = { username: 'demo', password: 'demo-admin-2025' } as const

export type BootstrapOutcome =
  /** ADMIN_PASSWORD set: the owner account has it (changed now if it differed, ending its sessions). */
  | { kind: 'configured'; username: string; passwordChanged: boolean }
  /** First start without ADMIN_PASSWORD: the owner account was created with this random password. */
  | { kind: 'generated'; username: string; password: string }
  /** A later start without ADMIN_PASSWORD: the owner account is kept as it is. */
  | { kind: 'kept'; username: string }
  /** `npm run dev` without ADMIN_PASSWORD: the demo account. */
  | { kind: 'demo'; username: string; password: string }

/** Removes accounts and ends their sessions. */
async function removeAccounts(filter: Record<string, unknown>) {
  const gone = await User.find(filter, { _id: 1 }).lean()
  if (gone.length === 0) return
  const ids = gone.map((user) => user._id)
  await User.deleteMany({ _id: { $in: ids } })
  await AdminSession.deleteMany({ userId: { $in: ids.map(String) } })
}

/** Ends every session of one account (its password changed, or it was removed). */
export async function endSessionsOf(userId: string) {
  await AdminSession.deleteMany({ userId })
}

/**
 * The owner account that ADMIN_USERNAME names, set up at every start (several instances may run this
 * at once: the username is unique, so exactly one insert wins).
 *
 * - With ADMIN_PASSWORD the account gets that password; a different one than before ends its sessions.
 * - Without it, the first start creates the account with a random password, stores only its hash and
 *   returns the password once for the console; later starts keep the account as it is.
 * - Only `npm run dev` (development) has the fixed demo pair instead; every other start removes it.
 * - Renaming ADMIN_USERNAME removes the previous bootstrap account (staff accounts are never touched).
 */
export async function ensureAdminAccount({
  username,
  password,
  development = false,
}: {
  username: string
  password: string | undefined
  development?: boolean
}): Promise<BootstrapOutcome> {
  if (!password && development) {
    await User.updateOne(
      { username: DEMO_CREDENTIALS.username },
      { $set: { password: await hashPassword(DEMO_CREDENTIALS.password), demo: true, role: 'owner' } },
      { upsert: true },
    )
    return { kind: 'demo', ...DEMO_CREDENTIALS }
  }

  // Accounts written before roles existed were all bootstrap or demo accounts.
  await removeAccounts({
    username: { $ne: username },
    $or: [{ bootstrap: true }, { demo: true }, { role: { $exists: false } }],
  })
  await removeAccounts({ username, demo: true })

  const existing = await User.findOne({ username }).lean()
  if (!password) {
    if (existing) {
      if (!existing.bootstrap || existing.role !== 'owner')
        await User.updateOne({ _id: existing._id }, { $set: { bootstrap: true, role: 'owner' } })
      return { kind: 'kept', username }
    }
    const generated = randomBytes(18).toString('base64url')
    try {
      await User.create({
        username,
        password: await hashPassword(generated),
        role: 'owner',
        bootstrap: true,
        passwordGenerated: true,
        passwordChangedAt: new Date(),
      })
      return { kind: 'generated', username, password: generated }
    } catch (error) {
      // Another instance created it a moment ago and printed its password.
      if (isDuplicateKeyError(error)) return { kind: 'kept', username }
      throw error
    }
  }

  if (existing?.password && (await verifyPassword(password, existing.password))) {
    // The configured owner is always an active owner: no one can lock the operator out.
    const set: Record<string, unknown> = { bootstrap: true, role: 'owner', disabled: false, passwordGenerated: false }
    if (needsRehash(existing.password)) set.password = await hashPassword(password)
    await User.updateOne({ _id: existing._id }, { $set: set })
    return { kind: 'configured', username, passwordChanged: false }
  }
  const hash = await hashPassword(password)
  const fields = {
    password: hash,
    role: 'owner',
    disabled: false,
    bootstrap: true,
    passwordGenerated: false,
    passwordChangedAt: new Date(),
  }
  // Two instances inserting at once: the loser updates the winner's document.
  const result = await retryLostUpsert(() =>
    User.findOneAndUpdate({ username }, { $set: fields }, { upsert: true, returnDocument: 'after' }).lean(),
  )
  if (existing && result) await endSessionsOf(String(result._id))
  return { kind: 'configured', username, passwordChanged: Boolean(existing) }
}

/** What the sign-in page may say about where the password is (never the password itself). */
export async function signInHint(): Promise<'demo' | 'generated' | null> {
  if (await User.exists({ demo: true })) return 'demo'
  if (await User.exists({ bootstrap: true, passwordGenerated: true })) return 'generated'
  return null
}
