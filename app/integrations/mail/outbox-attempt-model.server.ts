import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

export const OUTBOX_ATTEMPT_OUTCOMES = ['sent', 'failed'] as const

/**
 * One delivery attempt of an outbox message: `_id` is the message id and the attempt number, so
 * exactly one instance owns each attempt (the insert that succeeds). Its outcome, once known, is the
 * record of whether the notification went out.
 */
const outboxAttemptSchema = new Schema(
  {
    _id: { type: String, required: true },
    message: { type: Schema.Types.ObjectId, required: true },
    attempt: { type: Number, required: true },
    instance: { type: String, required: true },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date },
    outcome: { type: String, enum: OUTBOX_ATTEMPT_OUTCOMES },
    error: { type: String },
  },
  { versionKey: false },
)
outboxAttemptSchema.index({ message: 1, outcome: 1 })
outboxAttemptSchema.index({ startedAt: 1 })

export const OutboxAttempt = defineModel('OutboxAttempt', outboxAttemptSchema)
