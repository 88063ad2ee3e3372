import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * "This was used once": a two-step code's time step for an account, a recovery code. The _id names
 * it, and the insert of a unique _id is the one write FerretDB makes atomic, so two requests racing
 * with the same code can't both succeed. Pruned once `expiresAt` passes.
 */
const singleUseClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
singleUseClaimSchema.index({ expiresAt: 1 })

export const SingleUseClaim = defineModel('SingleUseClaim', singleUseClaimSchema)
