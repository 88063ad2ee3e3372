import { type TeamsCard, postToTeams } from '#app/chat/teams.server'
import { getEnv } from '#app/config/env.server'
import { isMailConfigured, type MailPayload, type MailSettings, sendMail } from '#app/mail/smtp.server'
import { type OutboxChannel, OutboxMessage } from '#app/models/outbox.server'

// Staff notifications (enquiry e-mails, Teams chat cards) go through this outbox: the enquiry or
// chat message is saved first, the notification is queued beside it, one attempt is made at once
// and failed attempts are retried by a background job with a growing delay. Every instance runs the
// job; an atomic claim (status 'sending' with a lock time) makes sure only one sends each message.

export type OutboxSettings = { mail: MailSettings; teamsWebhookUrl?: string }

export function outboxSettingsFromEnv(): OutboxSettings {
  const env = getEnv()
  return { mail: { smtpUrl: env.SMTP_URL, to: env.CONTACT_TO, from: env.MAIL_FROM }, teamsWebhookUrl: env.TEAMS_WEBHOOK_URL }
}

export const MAX_ATTEMPTS = 12
const LOCK_MS = 2 * 60 * 1000
const BATCH = 20

/** 30 s after the first failure, doubling to at most an hour (about 8 hours of tries in all). */
export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)
}

function isConfigured(channel: OutboxChannel, settings: OutboxSettings) {
  return channel === 'email' ? isMailConfigured(settings.mail) : Boolean(settings.teamsWebhookUrl)
}

async function send(channel: OutboxChannel, payload: unknown, settings: OutboxSettings) {
  if (channel === 'email') await sendMail(settings.mail, payload as MailPayload)
  else await postToTeams(settings.teamsWebhookUrl as string, payload as TeamsCard)
}

function describe(channel: OutboxChannel, payload: unknown) {
  if (channel === 'email') {
    const mail = payload as MailPayload
    return `subject "${mail.subject}"\n${mail.text}`
  }
  return JSON.stringify(payload)
}

export async function queueOutboxMessage(channel: OutboxChannel, subject: string, payload: MailPayload | TeamsCard) {
  const message = await OutboxMessage.create({ channel, subject, payload })
  return message._id
}

/**
 * Tries to deliver one message if it is due (or held and its channel is now configured).
 * Returns what happened; never throws for a delivery failure, only for a database one.
 */
export async function deliverOutboxMessage(
  id: unknown,
  settings = outboxSettingsFromEnv(),
  now = new Date(),
): Promise<'sent' | 'retry' | 'failed' | 'held' | 'skipped'> {
  const current = await OutboxMessage.findById(id).lean()
  if (!current) return 'skipped'
  const channel = current.channel as OutboxChannel
  if (!isConfigured(channel, settings)) {
    if (current.status === 'pending') {
      await OutboxMessage.updateOne({ _id: current._id, status: 'pending' }, { $set: { status: 'held' } })
      const variable = channel === 'email' ? 'SMTP_URL or CONTACT_TO' : 'TEAMS_WEBHOOK_URL'
      console.log(
        `[outbox] ${variable} is unset: ${channel} notification ${current.subject} kept in the outbox\n${describe(channel, current.payload)}`,
      )
    }
    return 'held'
  }
  const claimed = await OutboxMessage.findOneAndUpdate(
    {
      _id: current._id,
      $or: [{ status: 'pending', nextAttemptAt: { $lte: now } }, { status: 'held' }, { status: 'sending', lockedUntil: { $lt: now } }],
    },
    { $set: { status: 'sending', lockedUntil: new Date(now.getTime() + LOCK_MS) }, $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  ).lean()
  if (!claimed) return 'skipped'
  try {
    await send(channel, claimed.payload, settings)
    await OutboxMessage.updateOne(
      { _id: claimed._id },
      { $set: { status: 'sent', sentAt: new Date() }, $unset: { lockedUntil: 1, lastError: 1 } },
    )
    return 'sent'
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const giveUp = claimed.attempts >= MAX_ATTEMPTS
    await OutboxMessage.updateOne(
      { _id: claimed._id },
      {
        $set: {
          status: giveUp ? 'failed' : 'pending',
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
        },
        $unset: { lockedUntil: 1 },
      },
    )
    if (giveUp)
      console.error(
        `[outbox] gave up on ${channel} notification ${claimed.subject} after ${claimed.attempts} attempts: ${reason}\n${describe(channel, claimed.payload)}`,
      )
    else console.warn(`[outbox] ${channel} notification ${claimed.subject} failed (attempt ${claimed.attempts}), retrying later: ${reason}`)
    return giveUp ? 'failed' : 'retry'
  }
}

/** First attempt right after the save, without making the visitor wait for SMTP or Teams. */
export function deliverSoon(id: unknown) {
  void deliverOutboxMessage(id).catch((error: Error) => console.warn(`[outbox] first delivery attempt not made: ${error.message}`))
}

/** The background job: due retries, held messages whose channel is now configured, stale claims. */
export async function deliverDueOutboxMessages(settings = outboxSettingsFromEnv(), now = new Date()) {
  const configured = (['email', 'teams'] as const).filter((channel) => isConfigured(channel, settings))
  const due = await OutboxMessage.find(
    {
      $or: [
        { status: 'pending', nextAttemptAt: { $lte: now } },
        { status: 'sending', lockedUntil: { $lt: now } },
        ...(configured.length > 0 ? [{ status: 'held' as const, channel: { $in: configured } }] : []),
      ],
    },
    { _id: 1 },
  )
    .sort({ nextAttemptAt: 1 })
    .limit(BATCH)
    .lean()
  const results: string[] = []
  for (const { _id } of due) results.push(await deliverOutboxMessage(_id, settings, now))
  return results
}

const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000

/** Removes delivered notifications after 30 days (a scheduled job: no TTL indexes on FerretDB). */
export async function pruneSentOutboxMessages(now = new Date()) {
  const { deletedCount } = await OutboxMessage.deleteMany({ status: 'sent', sentAt: { $lt: new Date(now.getTime() - KEEP_SENT_MS) } })
  return deletedCount
}
