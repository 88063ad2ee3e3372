import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

const accessLogSchema = new Schema(
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
  { versionKey: false },
)
accessLogSchema.index({ timestamp: -1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type AccessLogEntryDocument = InferSchemaType<typeof accessLogSchema>

export const AccessLogEntry = defineModel('AccessLogEntry', accessLogSchema)
