import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/db/define-model.server'

/**
 * One document per counted hit. Counting inserted documents is atomic on every engine; an
 * `$inc` upsert is not atomic on FerretDB's SQLite backend (concurrent hits were lost in tests).
 */
const rateLimitHitSchema = new Schema(
  {
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
