import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * One signed-in staff session. The cookie carries a random token; only its SHA-256 is stored, so a
 * leaked database copy can't be replayed as cookies. Logging out deletes the document, which is
 * what makes a copied cookie useless afterwards.
 */
const adminSessionSchema = new Schema(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true },
    username: { type: String, required: true },
    /**
     * 'second-factor': the password was right and the account has two-step verification on; this
     * session only lets the browser enter its code (a few minutes), and is replaced by a full one.
     */
    stage: { type: String, enum: ['signed-in', 'second-factor'], default: 'signed-in' },
    /**
     * When the person last proved it was them (the password or a code): at sign-in, then on the
     * confirm page. Removing two-step verification, resetting a password and adding an owner need it
     * within the last few minutes (reverify.server.ts).
     */
    verifiedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true, default: Date.now },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
adminSessionSchema.index({ expiresAt: 1 })
adminSessionSchema.index({ userId: 1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type AdminSessionDocument = InferSchemaType<typeof adminSessionSchema>

export const AdminSession = defineModel('AdminSession', adminSessionSchema)
