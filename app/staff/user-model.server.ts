import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'
import { STAFF_ROLES } from '#app/domain/staff'

export { STAFF_ROLES, type StaffRole } from '#app/domain/staff'

/** A staff account. Sessions (adminsessions) belong to its id, never to its name. */
const userSchema = new Schema({
  username: { type: String, required: true, unique: true, trim: true },
  /** The person's name, as colleagues see it in the staff list and the audit trail. */
  name: { type: String, trim: true, default: '' },
  /** Where replies to the e-mails this person sends from the console (an enquiry's reply) come back. */
  email: { type: String, trim: true, lowercase: true },
  /**
   * Never the password itself: a self-describing scrypt hash (see auth/password.server.ts). A new
   * account has none until its owner follows the one-time set-password link.
   */
  password: { type: String, default: null },
  /** Owners manage accounts and read the audit trail; staff use the rest of the staff area. */
  role: { type: String, required: true, enum: STAFF_ROLES, default: 'staff' },
  /** A disabled account can't sign in, and its sessions are refused. */
  disabled: { type: Boolean, default: false },
  /** The owner account that ADMIN_USERNAME and ADMIN_PASSWORD manage (auth/admin-account.server.ts). */
  bootstrap: { type: Boolean, default: false },
  /** True while the password is the one generated on first start and printed to the console. */
  passwordGenerated: { type: Boolean, default: false },
  /** The fixed demo account of `npm run dev`; removed by any other start. */
  demo: { type: Boolean, default: false },
  passwordChangedAt: { type: Date },
  /** The one-time set-password link: SHA-256 of its token and when it stops working (24 h). */
  setPasswordTokenHash: { type: String, default: null },
  setPasswordExpiresAt: { type: Date, default: null },
  /** Two-step verification (RFC 6238): the base32 secret once confirmed, else null. */
  totpSecret: { type: String, default: null },
  /** A secret shown for enrolment and not yet confirmed with a first code. */
  totpPendingSecret: { type: String, default: null },
  totpEnabledAt: { type: Date, default: null },
  /** The time step of the last code accepted: a code of that step or an earlier one is refused. */
  totpLastStep: { type: Number, default: null },
  /** Each unused recovery code's salted SHA-256 (`s1$salt$hash`; older ones a bare SHA-256). */
  recoveryCodeHashes: { type: [String], default: [] },
  lastSignInAt: { type: Date, default: null },
  createdAt: { type: Date, default: Date.now },
})
userSchema.index({ setPasswordTokenHash: 1 }, { sparse: true })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type UserDocument = InferSchemaType<typeof userSchema>

export const User = defineModel('User', userSchema)
