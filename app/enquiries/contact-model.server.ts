import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/lib/db/define-model.server'

const contactSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    phone: { type: String, trim: true },
    service: { type: String, trim: true },
    message: { type: String, required: true },
    createdAt: { type: Date, required: true, default: Date.now },
  },
  { toJSON: toJSONWithId },
)
contactSchema.index({ createdAt: -1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type ContactDocument = InferSchemaType<typeof contactSchema>

export const Contact = defineModel('Contact', contactSchema)
