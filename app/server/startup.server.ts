import mongoose from 'mongoose'
import { type BootstrapOutcome, ensureAdminAccount } from '#app/staff/admin-account.server'
import { pruneAdminSessions } from '#app/staff/admin-session.server'
import { pruneAuditTrail } from '#app/staff/audit.server'
import { setScryptCost } from '#app/staff/password.server'
import { sealStoredTotpSecrets } from '#app/staff/totp.server'
import type { Env } from '#app/lib/config/env.server'
import { moveEmbeddedChatMessages, pruneChatFeed } from '#app/chat/conversations.server'
import { emailUnseenReplies } from '#app/chat/reply-emails.server'
import { pruneResumeTokens } from '#app/chat/resume-token.server'
import { connectToDatabase, ensureIndexes, isDuplicateKeyError } from '#app/lib/db/connection.server'
import { pruneExpiredLocks } from '#app/lib/db/document-lock.server'
import { pruneSingleUseClaims } from '#app/lib/db/claim-once.server'
import { seedCatalogueIfEmpty } from '#app/catalogue/seed.server'
import { purgeDeletedContent } from '#app/catalogue/content-editing.server'
import { pruneAccessLog } from '#app/analytics/access-log.server'
import { log } from '#app/lib/observability/logger.server'
import { countOutboxOnScrape, watchDatabasePool } from '#app/lib/observability/metrics.server'
import { countOutboxMessages, deliverDueOutboxMessages } from '#app/integrations/mail/outbox.server'
import { foldPageViewDays } from '#app/analytics/page-view-days.server'
import { pruneAccessLogRollups } from '#app/analytics/access-rollup.server'
import { pruneRateLimits } from '#app/lib/rate-limit/rate-limit.server'
import { applyRetention } from '#app/privacy/retention.server'
import { describeSessionSecrets } from '#app/lib/session/secrets.server'
import { getStripe } from '#app/integrations/stripe-client.server'
import { reconcileOrders, stripeEventSource } from '#app/orders/reconcile.server'
import '#app/server/all-models.server'
import type { BackgroundJob } from './background-jobs.server'

// /metrics reports the outbox's states from the moment the process serves (server.ts imports this first).
countOutboxOnScrape(countOutboxMessages)

/**
 * Instances started together (a deploy) run the same start-up writes at once; an upsert that loses
 * the race fails with a duplicate-key error because the other instance inserted the same record.
 * The step is then run once more, and finds the work done.
 */
async function alongsideOtherInstances<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error
    return step()
  }
}

/** Connects, creates indexes, seeds an empty catalogue and sets up the admin account. */
export async function prepareDatabase(env: Env) {
  setScryptCost(env.PASSWORD_SCRYPT_COST)
  await connectToDatabase(env.MONGODB_URI, { waitMs: env.DATABASE_WAIT_MS })
  watchDatabasePool(mongoose.connection.getClient())
  await ensureIndexes()
  const seeded = await alongsideOtherInstances(() => seedCatalogueIfEmpty())
  if (seeded) log.info(seeded, 'empty catalogue seeded')
  const admin = await alongsideOtherInstances(() =>
    ensureAdminAccount({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, development: env.NODE_ENV === 'development' }),
  )
  announceAdminAccount(admin)
  const totp = await sealStoredTotpSecrets()
  if (totp.sealed > 0) log.info({ sealed: totp.sealed }, 'two-step secrets sealed under the current key')
  if (totp.unreadable > 0)
    log.error(
      { unreadable: totp.unreadable },
      'two-step secrets cannot be read with SESSION_SECRET (a key removed too early?): an owner must remove those accounts’ two-step verification',
    )
  const moved = await moveEmbeddedChatMessages()
  if (moved > 0) log.info({ conversations: moved }, 'chat messages of the first version moved into conversationmessages')
  log.info({ secrets: describeSessionSecrets() }, 'cookies are signed with these secrets')
}

/**
 * The one place a password is ever printed: a generated one, once, for the person who started the
 * site. Written to the console directly, not through the structured log, which never carries a
 * password (the logger redacts the field).
 */
function announceAdminAccount(admin: BootstrapOutcome) {
  switch (admin.kind) {
    case 'generated':
      console.log(
        [
          '',
          'ADMIN_PASSWORD is unset: created the owner account for the staff area with a random password.',
          `    username: ${admin.username}`,
          `    password: ${admin.password}`,
          'This is shown only now (only its hash is stored). Sign in at /admin-login and keep it in a',
          'password manager, or set ADMIN_PASSWORD to choose your own.',
          '',
        ].join('\n'),
      )
      return
    case 'demo':
      console.log(`npm run dev without ADMIN_PASSWORD: demo staff account ${admin.username} / ${admin.password} (development only)`)
      return
    case 'kept':
      log.info({ username: admin.username }, 'ADMIN_PASSWORD is unset: the owner account keeps the password it has')
      return
    case 'configured':
      if (admin.passwordChanged) log.info({ username: admin.username }, 'the owner password changed: its sessions were ended')
  }
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

async function reconcileWithStripe(signal: AbortSignal) {
  const stripe = await getStripe()
  if (stripe) await reconcileOrders(stripeEventSource(stripe), { signal })
}

/** Jobs the instances share: each period, the instance holding the job's lease runs it. */
export const backgroundJobs: BackgroundJob[] = [
  { name: 'prune-access-log', everyMs: HOUR, run: () => pruneAccessLog() },
  { name: 'prune-access-log-rollups', everyMs: HOUR, run: () => pruneAccessLogRollups() },
  // Settled days of hourly page views become one document each: 30 days read as about 30 documents.
  { name: 'fold-page-views', everyMs: HOUR, run: (signal) => foldPageViewDays(new Date(), signal) },
  { name: 'prune-rate-limits', everyMs: 10 * 60 * 1000, run: () => pruneRateLimits() },
  // Enquiry e-mails and Teams chat cards whose first attempt failed (or whose channel was unset).
  { name: 'deliver-outbox', everyMs: 30 * 1000, run: (signal) => deliverDueOutboxMessages(undefined, undefined, signal) },
  { name: 'prune-admin-sessions', everyMs: HOUR, run: () => pruneAdminSessions() },
  { name: 'prune-expired-locks', everyMs: HOUR, run: () => pruneExpiredLocks() },
  { name: 'prune-single-use-claims', everyMs: HOUR, run: () => pruneSingleUseClaims() },
  // The audit trail keeps a year: long enough to answer for any change, short enough to hold little.
  { name: 'prune-audit-trail', everyMs: HOUR, run: () => pruneAuditTrail() },
  { name: 'prune-chat-resume-tokens', everyMs: HOUR, run: () => pruneResumeTokens() },
  { name: 'prune-chat-feed', everyMs: 5 * 60 * 1000, run: () => pruneChatFeed() },
  // The privacy policy's periods: enquiries, chats after their last message, delivered outbox messages.
  { name: 'privacy-retention', everyMs: DAY, run: (signal) => applyRetention(undefined, new Date(), signal) },
  // Staff chat replies the visitor did not see live within 2 minutes go out by e-mail.
  { name: 'chat-reply-emails', everyMs: 30 * 1000, run: (signal) => emailUnseenReplies(new Date(), signal) },
  // Deleted site content can be restored for 30 days, then it goes for good.
  { name: 'purge-deleted-content', everyMs: HOUR, run: () => purgeDeletedContent() },
  // Orders repaired from Stripe's events that the webhook never received.
  { name: 'reconcile-orders', everyMs: HOUR, run: (signal) => reconcileWithStripe(signal) },
]
