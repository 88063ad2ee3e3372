import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * One access-log write: the requests it held as text (see access-log-batch.ts), and the time span
 * they cover, by which the CSV export finds a window and pruning finds what is past retention.
 */
const accessLogBatchSchema = new Schema(
  {
    from: { type: Date, required: true },
    to: { type: Date, required: true },
    count: { type: Number, required: true },
    rows: { type: String, required: true },
  },
  { versionKey: false },
)
accessLogBatchSchema.index({ to: -1 })

export const AccessLogBatch = defineModel('AccessLogBatch', accessLogBatchSchema)

/**
 * The earlier format, one document per request. Nothing writes it now; its entries are still
 * exported and pruned, so it empties itself within the retention period.
 */
const legacyAccessLogSchema = new Schema(
  {
    timestamp: { type: Date, required: true },
    method: { type: String, required: true },
    path: { type: String, required: true },
    status: { type: Number, required: true },
    responseTimeMs: { type: Number, required: true },
    /** Hash of IP and user agent with a daily rotating salt: counts visitors without keeping IPs. */
    visitorKey: { type: String, required: true },
    userAgent: { type: String },
    referrer: { type: String },
  },
  { versionKey: false, collection: 'accesslogentries' },
)
legacyAccessLogSchema.index({ timestamp: -1 })

export const LegacyAccessLogEntry = defineModel('AccessLogEntry', legacyAccessLogSchema)
