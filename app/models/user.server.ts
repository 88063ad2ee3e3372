import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/db/define-model.server'

export const STAFF_ROLES = ['owner', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** A staff account. Sessions (adminsessions) belong to its id, never to its name. */
const userSchema = new Schema({
  username: { type: String, required: true, unique: true, trim: true },
  /** Never the password itself: a self-describing scrypt hash (see auth/password.server.ts). */
  password: { type: String, required: true },
  /** Owners manage accounts; staff use the staff area. */
  role: { type: String, required: true, enum: STAFF_ROLES, default: 'staff' },
  /** The owner account that ADMIN_USERNAME and ADMIN_PASSWORD manage (auth/admin-account.server.ts). */
  bootstrap: { type: Boolean, default: false },
  /** True while the password is the one generated on first start and printed to the console. */
  passwordGenerated: { type: Boolean, default: false },
  /** The fixed demo account of `npm run dev`; removed by any other start. */
  demo: { type: Boolean, default: false },
  passwordChangedAt: { type: Date },
})

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type UserDocument = InferSchemaType<typeof userSchema>

export const User = defineModel('User', userSchema)
