import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/lib/db/define-model.server'
import { ENQUIRY_STATUSES } from '#app/domain/enquiry'

/** Staff's internal note on an enquiry: never shown to the visitor. */
const noteSchema = new Schema(
  { at: { type: Date, required: true }, authorId: { type: String }, authorName: { type: String }, text: { type: String, required: true } },
  { _id: false },
)

/** A reply e-mailed from the enquiry's page, kept on it (the outbox holds the delivery). */
const replySchema = new Schema(
  {
    at: { type: Date, required: true },
    authorId: { type: String },
    authorName: { type: String },
    replyTo: { type: String },
    subject: { type: String, required: true },
    text: { type: String, required: true },
  },
  { _id: false },
)

const contactSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    phone: { type: String, trim: true },
    service: { type: String, trim: true },
    message: { type: String, required: true },
    createdAt: { type: Date, required: true, default: Date.now },
    // The staff workflow. Enquiries saved before it have no status: they read as 'new'.
    status: { type: String, enum: ENQUIRY_STATUSES },
    /** The staff account that owns the enquiry (a User id), or none. */
    assigneeId: { type: String },
    notes: { type: [noteSchema], default: undefined },
    replies: { type: [replySchema], default: undefined },
    statusChangedAt: { type: Date },
  },
  { toJSON: toJSONWithId },
)
contactSchema.index({ createdAt: -1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type ContactDocument = InferSchemaType<typeof contactSchema>

export const Contact = defineModel('Contact', contactSchema)
