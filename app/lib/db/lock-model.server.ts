import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * A short lease on something several instances may change at once (db/document-lock.server.ts).
 * The unique _id is the lock: inserting it is atomic on MongoDB and on FerretDB alike.
 */
const lockSchema = new Schema(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
lockSchema.index({ expiresAt: 1 })

export const Lock = defineModel('Lock', lockSchema)
