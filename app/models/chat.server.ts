import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/db/define-model.server'

const chatMessageSchema = new Schema(
  {
    content: { type: String, required: true },
    sender: { type: String, required: true, enum: ['agent', 'user'] },
    timestamp: { type: Date, required: true, default: Date.now },
  },
  { _id: true },
)

/** One visitor's support chat; the visitor cookie ties their messages together. */
const chatConversationSchema = new Schema(
  {
    visitorId: { type: String, required: true, unique: true },
    name: { type: String, trim: true },
    email: { type: String, trim: true },
    messages: { type: [chatMessageSchema], default: [] },
    createdAt: { type: Date, required: true, default: Date.now },
    updatedAt: { type: Date, required: true, default: Date.now },
  },
  { toJSON: toJSONWithId },
)
chatConversationSchema.index({ updatedAt: -1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type ChatConversationDocument = InferSchemaType<typeof chatConversationSchema>

export const ChatConversation = defineModel('ChatConversation', chatConversationSchema)
