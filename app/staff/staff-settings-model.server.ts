import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/** Settings owners make for every staff account; one document, `_id: 'staff'`. */
const staffSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** Every account must have two-step verification on before it can use the staff area. */
    requireTotp: { type: Boolean, default: false },
  },
  { versionKey: false },
)

export const StaffSettings = defineModel('StaffSettings', staffSettingsSchema)
