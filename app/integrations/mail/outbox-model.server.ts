import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

export const OUTBOX_CHANNELS = ['email', 'teams'] as const
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number]

/**
 * pending: waiting for its (next) attempt; sending: claimed by one instance until lockedUntil;
 * sent; held: the channel is not configured (SMTP_URL or TEAMS_WEBHOOK_URL unset), kept until it is;
 * failed: gave up after the last attempt (logged as an error).
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'held', 'failed'] as const

/**
 * A staff notification waiting to be delivered. The enquiry or chat message is saved first; this
 * record makes sure a failed delivery is retried later instead of being lost.
 */
const outboxMessageSchema = new Schema(
  {
    channel: { type: String, required: true, enum: OUTBOX_CHANNELS },
    /** What the notification is about, e.g. 'contact:<id>' or 'chat:<visitorId>'. */
    subject: { type: String, required: true },
    /** For a message that must be queued once whatever retries: a name only its first insert may take. */
    key: { type: String, maxlength: 300 },
    /** The rendered message: mail fields for email, the card JSON for teams. */
    payload: { type: Schema.Types.Mixed, required: true },
    status: { type: String, required: true, enum: OUTBOX_STATUSES, default: 'pending' },
    attempts: { type: Number, required: true, default: 0 },
    nextAttemptAt: { type: Date, required: true, default: Date.now },
    lockedUntil: { type: Date },
    lastError: { type: String },
    sentAt: { type: Date },
    createdAt: { type: Date, required: true, default: Date.now },
  },
  { versionKey: false, minimize: false },
)
outboxMessageSchema.index({ status: 1, nextAttemptAt: 1 })
outboxMessageSchema.index({ subject: 1 })
// Sparse: most messages have no key (MongoDB would count every missing one as the same null).
outboxMessageSchema.index({ key: 1 }, { unique: true, sparse: true })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type OutboxMessageDocument = InferSchemaType<typeof outboxMessageSchema>

export const OutboxMessage = defineModel('OutboxMessage', outboxMessageSchema)
