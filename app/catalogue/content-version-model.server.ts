import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * One document (`_id: 'site'`) whose token changes whenever public content changes (the plan sync,
 * the seed, staff edits). Every instance polls it to drop cached pages; see content/content-version.server.ts.
 */
const contentVersionSchema = new Schema(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    changedAt: { type: Date, required: true },
  },
  { versionKey: false },
)

export const ContentVersion = defineModel('ContentVersion', contentVersionSchema)
