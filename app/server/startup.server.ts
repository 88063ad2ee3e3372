import { type BootstrapOutcome, ensureAdminAccount } from '#app/auth/admin-account.server'
import { pruneAdminSessions } from '#app/auth/admin-session.server'
import type { Env } from '#app/config/env.server'
import { connectToDatabase, ensureIndexes } from '#app/db/connection.server'
import { pruneExpiredLocks } from '#app/db/document-lock.server'
import { seedCatalogueIfEmpty } from '#app/db/seed.server'
import { pruneAccessLog } from '#app/observability/access-log.server'
import { deliverDueOutboxMessages, pruneSentOutboxMessages } from '#app/outbox/outbox.server'
import { pruneAccessLogRollups } from '#app/observability/access-rollup.server'
import { pruneRateLimits } from '#app/security/rate-limit.server'
import { describeSessionSecrets } from '#app/session/secrets.server'
import '#app/models/index.server'
import type { BackgroundJob } from './background-jobs.server'

/** Connects, creates indexes, seeds an empty catalogue and sets up the admin account. */
export async function prepareDatabase(env: Env) {
  await connectToDatabase(env.MONGODB_URI)
  await ensureIndexes()
  const seeded = await seedCatalogueIfEmpty()
  if (seeded) console.log(`[startup] empty catalogue seeded with ${seeded.services} services and ${seeded.plans} plans`)
  const admin = await ensureAdminAccount({
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
    development: env.NODE_ENV === 'development',
  })
  announceAdminAccount(admin)
  console.log(`[startup] cookies are signed with ${describeSessionSecrets()}`)
}

/** The one place a password is ever printed: a generated one, once, for the person who started the site. */
function announceAdminAccount(admin: BootstrapOutcome) {
  switch (admin.kind) {
    case 'generated':
      console.log(
        [
          '',
          '[startup] ADMIN_PASSWORD is unset: created the owner account for the staff area with a random password.',
          `          username: ${admin.username}`,
          `          password: ${admin.password}`,
          '          This is shown only now (only its hash is stored). Sign in at /admin-login and keep it in a',
          '          password manager, or set ADMIN_PASSWORD to choose your own.',
          '',
        ].join('\n'),
      )
      return
    case 'demo':
      console.warn(
        `[startup] npm run dev without ADMIN_PASSWORD: demo staff account ${admin.username} / ${admin.password} (development only)`,
      )
      return
    case 'kept':
      console.log(`[startup] ADMIN_PASSWORD is unset: the owner account ${admin.username} keeps the password it has`)
      return
    case 'configured':
      if (admin.passwordChanged) console.log(`[startup] the password of ${admin.username} changed: its sessions were ended`)
  }
}

const HOUR = 60 * 60 * 1000

/** Jobs every instance runs. Features add theirs here (outbox retries, pruning). */
export const backgroundJobs: BackgroundJob[] = [
  { name: 'prune-access-log', everyMs: HOUR, run: () => pruneAccessLog() },
  { name: 'prune-access-log-rollups', everyMs: HOUR, run: () => pruneAccessLogRollups() },
  { name: 'prune-rate-limits', everyMs: 10 * 60 * 1000, run: () => pruneRateLimits() },
  // Enquiry e-mails and Teams chat cards whose first attempt failed (or whose channel was unset).
  { name: 'deliver-outbox', everyMs: 30 * 1000, run: () => deliverDueOutboxMessages() },
  { name: 'prune-outbox', everyMs: HOUR, run: () => pruneSentOutboxMessages() },
  { name: 'prune-admin-sessions', everyMs: HOUR, run: () => pruneAdminSessions() },
  { name: 'prune-expired-locks', everyMs: HOUR, run: () => pruneExpiredLocks() },
]
