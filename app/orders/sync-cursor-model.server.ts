import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/** How far a sync with Stripe has read (the reconcile job's last run), by the sync's name. */
const syncCursorSchema = new Schema(
  {
    _id: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { versionKey: false },
)

export const SyncCursor = defineModel('SyncCursor', syncCursorSchema)
