import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/** One random salt per UTC day, shared by every instance, for privacy-friendly visitor keys. */
const dailySaltSchema = new Schema(
  { day: { type: String, required: true, unique: true }, value: { type: String, required: true } },
  { versionKey: false },
)

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type DailySaltDocument = InferSchemaType<typeof dailySaltSchema>

export const DailySalt = defineModel('DailySalt', dailySaltSchema)
