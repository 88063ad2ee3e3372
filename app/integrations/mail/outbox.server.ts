import { type TeamsCard, postToTeams } from '#app/integrations/teams.server'
import type { Types } from 'mongoose'
import { getEnv } from '#app/lib/config/env.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { deleteInBatches } from '#app/lib/db/delete-in-batches.server'
import { DELIVERED_OUTBOX_RETENTION_DAYS } from '#app/domain/privacy'
import { isMailConfigured, type MailPayload, type MailSettings, sendMail } from '#app/integrations/mail/smtp.server'
import { OutboxAttempt } from '#app/integrations/mail/outbox-attempt-model.server'
import { OUTBOX_CHANNELS, OUTBOX_STATUSES, type OutboxChannel, OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { log } from '#app/lib/observability/logger.server'
import { metrics } from '#app/lib/observability/metrics.server'
import { INSTANCE_ID } from '#app/lib/instance.server'

// Notifications go through this outbox so a saved enquiry is never lost to a failing channel
// (docs/decisions/005-outbox.md). The attempt record, `_id` = message id and attempt number, is the
// real claim: only one instance's insert succeeds, even where findOneAndUpdate is not atomic.

export type OutboxSettings = { mail: MailSettings; teamsWebhookUrl?: string }

export function outboxSettingsFromEnv(): OutboxSettings {
  const env = getEnv()
  return { mail: { smtpUrl: env.SMTP_URL, to: env.CONTACT_TO, from: env.MAIL_FROM }, teamsWebhookUrl: env.TEAMS_WEBHOOK_URL }
}

export const MAX_ATTEMPTS = 12
const LOCK_MS = 2 * 60 * 1000
/** At most this many messages per run of the job; the rest wait for the next period. */
const MAX_PER_RUN = 200

type Outcome = 'sent' | 'retry' | 'failed' | 'held' | 'skipped'
type OutboxId = Types.ObjectId
type ClaimedMessage = { _id: OutboxId; channel: OutboxChannel; attempts: number; payload: unknown }

/** 30 s after the first failure, doubling to at most an hour (about 8 hours of tries in all). */
export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)
}

function isConfigured(channel: OutboxChannel, settings: OutboxSettings) {
  return channel === 'email' ? isMailConfigured(settings.mail) : Boolean(settings.teamsWebhookUrl)
}

const MISSING_SETTING: Record<OutboxChannel, string> = { email: 'SMTP_URL or CONTACT_TO', teams: 'TEAMS_WEBHOOK_URL' }

/**
 * The e-mail's Message-ID, the same for every attempt at one outbox message: a rare second copy
 * (an instance that died after the mail server took the message but before it was marked sent) is
 * recognisable as the same notification, and mail clients can fold it away.
 */
export function outboxMessageId(id: OutboxId | string, from: string) {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<outbox.${String(id)}@${domain}>`
}

async function send(message: ClaimedMessage, settings: OutboxSettings) {
  if (message.channel === 'email')
    await sendMail(settings.mail, message.payload as MailPayload, { messageId: outboxMessageId(message._id, settings.mail.from) })
  else await postToTeams(settings.teamsWebhookUrl as string, message.payload as TeamsCard)
}

export async function queueOutboxMessage(channel: OutboxChannel, subject: string, payload: MailPayload | TeamsCard) {
  const message = await OutboxMessage.create({ channel, subject, payload })
  return message._id
}

/**
 * Queues a message under `key` unless one was queued under it before, so an event's retry after a
 * failure half-way queues only what is missing. A plain insert against the unique key, not an
 * upsert: the insert is the write FerretDB makes atomic (docs/decisions/001-ferretdb-insert-claims.md).
 */
export async function queueOutboxMessageOnce(
  channel: OutboxChannel,
  subject: string,
  key: string,
  payload: MailPayload | TeamsCard,
): Promise<{ id: OutboxId; created: boolean }> {
  try {
    const message = await OutboxMessage.create({ channel, subject, key, payload })
    return { id: message._id, created: true }
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error
    const existing = await OutboxMessage.findOne({ key }, { _id: 1 }).lean()
    if (!existing) throw error
    return { id: existing._id, created: false }
  }
}

/** Due now: a pending message whose time has come, a held one (its channel is configured now), a stale claim. */
function dueFilter(now: Date) {
  return [
    { status: 'pending' as const, nextAttemptAt: { $lte: now } },
    { status: 'held' as const },
    { status: 'sending' as const, lockedUntil: { $lt: now } },
  ]
}

/** Claims the next due message of a configured channel (or the one with `_id`), or says there is none. */
async function claimNext(settings: OutboxSettings, now: Date, only?: OutboxId): Promise<ClaimedMessage | 'none' | 'taken'> {
  const channels = OUTBOX_CHANNELS.filter((channel) => isConfigured(channel, settings))
  if (channels.length === 0) return 'none'
  const message = await OutboxMessage.findOneAndUpdate(
    { ...(only ? { _id: only } : {}), channel: { $in: channels }, $or: dueFilter(now) },
    { $set: { status: 'sending', lockedUntil: new Date(now.getTime() + LOCK_MS) }, $inc: { attempts: 1 } },
    { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
  ).lean()
  if (!message) return 'none'
  try {
    await OutboxAttempt.create({
      _id: `${String(message._id)}:${message.attempts}`,
      message: message._id,
      attempt: message.attempts,
      instance: INSTANCE_ID,
      startedAt: new Date(),
    })
  } catch (error) {
    if (isDuplicateKeyError(error)) return 'taken' // another instance owns this attempt
    throw error
  }
  return { _id: message._id, channel: message.channel as OutboxChannel, attempts: message.attempts, payload: message.payload }
}

async function markSent(id: OutboxId) {
  await OutboxMessage.updateOne({ _id: id }, { $set: { status: 'sent', sentAt: new Date() }, $unset: { lockedUntil: 1, lastError: 1 } })
}

/** What went wrong, for the database (staff only): the error and its cause, such as Teams' answer. */
function failureText(error: unknown) {
  if (!(error instanceof Error)) return String(error).slice(0, 500)
  return (typeof error.cause === 'string' ? `${error.message}: ${error.cause}` : error.message).slice(0, 500)
}

/** Sends a message this instance has claimed and records the outcome. Throws only for the database. */
async function deliverClaimed(message: ClaimedMessage, settings: OutboxSettings, now: Date): Promise<Outcome> {
  const attemptId = `${String(message._id)}:${message.attempts}`
  // An earlier attempt went out but its 'sent' mark was lost (see above): don't send it again.
  if (await OutboxAttempt.exists({ message: message._id, outcome: 'sent' })) {
    await OutboxAttempt.deleteOne({ _id: attemptId })
    await markSent(message._id)
    return 'skipped'
  }
  try {
    await send(message, settings)
  } catch (error) {
    const reason = failureText(error)
    const giveUp = message.attempts >= MAX_ATTEMPTS
    await OutboxAttempt.updateOne({ _id: attemptId }, { $set: { outcome: 'failed', finishedAt: new Date(), error: reason } })
    await OutboxMessage.updateOne(
      { _id: message._id },
      {
        $set: {
          status: giveUp ? 'failed' : 'pending',
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        },
        $unset: { lockedUntil: 1 },
      },
    )
    const outcome = giveUp ? 'failed' : 'retry'
    metrics.outboxDeliveries.inc({ channel: message.channel, outcome })
    const fields = { outboxId: String(message._id), channel: message.channel, attempt: message.attempts, err: error }
    if (giveUp) log.error(fields, 'outbox: gave up on a staff notification; it stays in the outbox as failed')
    else log.warn(fields, 'outbox: staff notification not delivered, retrying later')
    return outcome
  }
  await OutboxAttempt.updateOne({ _id: attemptId }, { $set: { outcome: 'sent', finishedAt: new Date() } })
  await markSent(message._id)
  metrics.outboxDeliveries.inc({ channel: message.channel, outcome: 'sent' })
  return 'sent'
}

/** Marks a pending message held while its channel is unset, and says which setting is missing. */
async function hold(id: OutboxId, channel: OutboxChannel) {
  const { modifiedCount } = await OutboxMessage.updateOne({ _id: id, status: 'pending' }, { $set: { status: 'held' } })
  if (modifiedCount === 0) return
  metrics.outboxDeliveries.inc({ channel, outcome: 'held' })
  log.warn(
    { outboxId: String(id), channel },
    `outbox: ${MISSING_SETTING[channel]} is unset: the notification is kept in the outbox until it is set`,
  )
}

/**
 * Tries to deliver one message now if it is due (or held and its channel is now configured).
 * Returns what happened; never throws for a delivery failure, only for a database one.
 */
export async function deliverOutboxMessage(id: OutboxId, settings = outboxSettingsFromEnv(), now = new Date()): Promise<Outcome> {
  const current = await OutboxMessage.findById(id, { channel: 1 }).lean()
  if (!current) return 'skipped'
  const channel = current.channel as OutboxChannel
  if (!isConfigured(channel, settings)) {
    await hold(id, channel)
    return 'held'
  }
  const claimed = await claimNext(settings, now, current._id)
  return typeof claimed === 'string' ? 'skipped' : deliverClaimed(claimed, settings, now)
}

// First attempts still running, so shutdown can wait for them.
const firstAttempts = new Set<Promise<unknown>>()

/** First attempt right after the save, without making the visitor wait for SMTP or Teams. */
export function deliverSoon(id: OutboxId) {
  const attempt = deliverOutboxMessage(id)
    .catch((error: Error) => log.warn({ outboxId: String(id), err: error }, 'outbox: first delivery attempt not made; the job retries'))
    .finally(() => firstAttempts.delete(attempt))
  firstAttempts.add(attempt)
}

/** Resolves when the first attempts under way have finished (at shutdown). */
export async function firstAttemptsSettled() {
  await Promise.allSettled([...firstAttempts])
}

/**
 * The background job: claims the next due message, sends it, and goes on until none is due, the
 * run's limit is reached or `signal` aborts (the lease ended, the server stops). Each instance
 * claims its own messages, so no two send the same one.
 */
export async function deliverDueOutboxMessages(settings = outboxSettingsFromEnv(), now = new Date(), signal?: AbortSignal) {
  for (const channel of OUTBOX_CHANNELS.filter((channel) => !isConfigured(channel, settings))) {
    for (const { _id } of await OutboxMessage.find({ channel, status: 'pending' }, { _id: 1 }).limit(MAX_PER_RUN).lean())
      await hold(_id, channel)
  }
  const results: Outcome[] = []
  while (!signal?.aborted && results.length < MAX_PER_RUN) {
    const claimed = await claimNext(settings, now)
    if (claimed === 'none') break
    results.push(claimed === 'taken' ? 'skipped' : await deliverClaimed(claimed, settings, now))
  }
  return results
}

const KEEP_MS = DELIVERED_OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000

/**
 * Removes delivered notifications and attempt records after 30 days, ones given up on 30 days after
 * they were queued, and any older than `queuedBefore` (held while a channel was unset): an e-mail's
 * copy must not outlive the enquiry or chat it is about. In batches; no TTL indexes on FerretDB.
 */
export async function pruneOutbox(now = new Date(), { queuedBefore }: { queuedBefore?: Date } = {}) {
  const cutoff = new Date(now.getTime() - KEEP_MS)
  let deleted = await deleteInBatches(OutboxMessage, { status: 'sent', sentAt: { $lt: cutoff } })
  deleted += await deleteInBatches(OutboxMessage, { status: 'failed', createdAt: { $lt: cutoff } })
  if (queuedBefore) deleted += await deleteInBatches(OutboxMessage, { createdAt: { $lt: queuedBefore } })
  await deleteInBatches(OutboxAttempt, { startedAt: { $lt: cutoff } })
  return deleted
}

/** Messages by channel and state for /metrics; undefined while the database is away. */
export async function countOutboxMessages() {
  const counts = await OutboxMessage.aggregate<{ _id: { channel: string; state: string }; count: number }>([
    { $group: { _id: { channel: '$channel', state: '$status' }, count: { $sum: 1 } } },
  ]).catch(() => undefined)
  if (!counts) return undefined
  // Every channel and state, zeros included, so a dashboard or alert always has its series.
  const zeros = OUTBOX_CHANNELS.flatMap((channel) => OUTBOX_STATUSES.map((state) => ({ channel, state, count: 0 })))
  return [...zeros, ...counts.map(({ _id, count }) => ({ channel: _id.channel, state: _id.state, count }))]
}
