import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * Each instance's latest 1,000 log lines as one text, replaced after every flush, so the Raw Logs
 * tab reads a handful of documents instead of sorting the day's entries (7 s at 10^5 on FerretDB).
 */
const accessLogRecentSchema = new Schema(
  {
    _id: { type: String, required: true },
    lines: { type: String, default: '' },
    newestAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
)
accessLogRecentSchema.index({ newestAt: 1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type AccessLogRecentDocument = InferSchemaType<typeof accessLogRecentSchema>

export const AccessLogRecent = defineModel('AccessLogRecent', accessLogRecentSchema)
