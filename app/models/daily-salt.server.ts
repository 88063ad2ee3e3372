import { Schema } from 'mongoose'
import { defineModel } from '#app/db/define-model.server'

/** One random salt per UTC day, shared by every instance, for privacy-friendly visitor keys. */
const dailySaltSchema = new Schema(
  { day: { type: String, required: true, unique: true }, value: { type: String, required: true } },
  { versionKey: false },
)

export const DailySalt = defineModel('DailySalt', dailySaltSchema)
