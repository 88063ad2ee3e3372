import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/db/define-model.server'

const userSchema = new Schema({
  username: { type: String, required: true, unique: true, trim: true },
  /** Never the password itself: a self-describing scrypt hash (see auth/password.server.ts). */
  password: { type: String, required: true },
  /** True for the demo account that exists only while ADMIN_PASSWORD is unset. */
  demo: { type: Boolean, default: false },
})

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type UserDocument = InferSchemaType<typeof userSchema>

export const User = defineModel('User', userSchema)
