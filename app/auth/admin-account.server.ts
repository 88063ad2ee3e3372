import { User } from '#app/models/user.server'
import { hashPassword } from './password.server'

/**
 * While ADMIN_PASSWORD is unset (a newcomer's local run) a demo account exists and the sign-in page
 * shows its pair. Once a password is configured the demo account is removed.
 */
export const DEMO_CREDENTIALS = { username: 'demo', password: 'demo-admin-2025' } as const

export async function ensureAdminAccount({ username, password }: { username: string; password: string | undefined }) {
  if (password) {
    await User.updateOne({ username }, { $set: { password: await hashPassword(password), demo: false } }, { upsert: true })
    await User.deleteMany({ demo: true, username: { $ne: username } })
    return { demo: false as const, username }
  }
  await User.updateOne(
    { username: DEMO_CREDENTIALS.username },
    { $set: { password: await hashPassword(DEMO_CREDENTIALS.password), demo: true } },
    { upsert: true },
  )
  return { demo: true as const, username: DEMO_CREDENTIALS.username }
}

export async function isDemoAccountActive() {
  return (await User.exists({ demo: true })) !== null
}
