import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * A stock answer staff can send in a chat (opening hours, how to reach the helpdesk). Shared by the
 * whole team: one office answers with one voice, and anyone can correct a wrong one.
 */
const savedReplySchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    text: { type: String, required: true },
    /** Who added it (shown beside it), kept when the account goes. */
    authorId: { type: String },
    authorName: { type: String },
    createdAt: { type: Date, required: true, default: Date.now },
  },
  { versionKey: false },
)

export const SavedReply = defineModel('SavedReply', savedReplySchema)
