import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * One counted hit, stored as one numbered slot of its window: the _id names rule, subject, window and
 * slot (see security/rate-limit.server.ts), and its uniqueness is what keeps concurrent hits from
 * taking the same slot. An `$inc` upsert is not atomic on FerretDB's SQLite backend.
 */
const rateLimitHitSchema = new Schema(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    windowStart: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
rateLimitHitSchema.index({ key: 1, windowStart: 1 })
rateLimitHitSchema.index({ expiresAt: 1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type RateLimitHitDocument = InferSchemaType<typeof rateLimitHitSchema>

export const RateLimitHit = defineModel('RateLimitHit', rateLimitHitSchema)
