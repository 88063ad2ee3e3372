import { isValidObjectId } from 'mongoose'
import { transcript } from '#app/chat/conversations.server'
import { ChatConversation, ConversationMessage } from '#app/models/chat.server'
import { Contact } from '#app/models/contact.server'
import { pageWindow } from './pagination'

export const SUBMISSIONS_PER_PAGE = 50

export type ContactSubmission = {
  id: string
  createdAt: Date | null
  name: string
  email: string
  phone: string | null
  service: string | null
  message: string
}

type ContactDocument = {
  _id: unknown
  createdAt?: Date | null
  name: string
  email: string
  phone?: string | null
  service?: string | null
  message: string
}

function toSubmission(doc: ContactDocument): ContactSubmission {
  return {
    id: String(doc._id),
    createdAt: doc.createdAt ?? null,
    name: doc.name,
    email: doc.email,
    phone: doc.phone || null,
    service: doc.service || null,
    message: doc.message,
  }
}

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function searchFilter(search: string) {
  const words = search.trim()
  if (!words) return {}
  const pattern = { $regex: escapeRegex(words.slice(0, 200)), $options: 'i' }
  return { $or: [{ name: pattern }, { email: pattern }, { message: pattern }] }
}

/** One page of submissions, newest first, optionally narrowed by a search over name, e-mail and message. */
export async function listContactSubmissions({ search = '', page = 1 }: { search?: string; page?: number }) {
  const filter = searchFilter(search)
  const total = await Contact.countDocuments(filter)
  const window = pageWindow(total, page, SUBMISSIONS_PER_PAGE)
  const docs = await Contact.find(filter).sort({ createdAt: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean<ContactDocument[]>()
  return { submissions: docs.map(toSubmission), total, page: window.page, pageCount: window.pageCount }
}

/** Every submission for the JSON API (SPEC §7), newest first, capped to keep the answer bounded. */
export async function listAllContactSubmissions(limit = 1000) {
  const docs = await Contact.find().sort({ createdAt: -1, _id: -1 }).limit(limit).lean<ContactDocument[]>()
  return docs.map(toSubmission)
}

export async function findContactSubmission(id: string) {
  if (!isValidObjectId(id)) return null
  const doc = await Contact.findById(id).lean<ContactDocument>()
  return doc ? toSubmission(doc) : null
}

export type ChatTranscript = {
  id: string
  name: string | null
  email: string | null
  updatedAt: Date
  /** Older messages not in `messages`. */
  earlierMessages: number
  messages: { id: string; sender: 'agent' | 'user'; content: string; timestamp: Date }[]
}

/** Messages of each transcript the dashboard shows: the newest. */
export const TRANSCRIPT_MESSAGES_SHOWN = 50

/**
 * The most recently active support chats with the end of their transcripts, for the dashboard
 * (staff answer in /admin/chats): a bounded slice however long the conversations.
 */
export async function listChatTranscripts(limit = 20): Promise<ChatTranscript[]> {
  const docs = await ChatConversation.find({}, { name: 1, email: 1, updatedAt: 1 }).sort({ updatedAt: -1 }).limit(limit).lean()
  return Promise.all(
    docs.map(async (doc) => {
      const [messages, total] = await Promise.all([
        transcript(doc._id, { limit: TRANSCRIPT_MESSAGES_SHOWN }),
        ConversationMessage.countDocuments({ conversationId: doc._id }),
      ])
      return {
        id: String(doc._id),
        name: doc.name || null,
        email: doc.email || null,
        updatedAt: doc.updatedAt,
        earlierMessages: Math.max(0, total - messages.length),
        messages: messages.map((message) => ({
          id: String(message._id),
          sender: message.from === 'visitor' ? ('user' as const) : ('agent' as const),
          content: message.text,
          timestamp: message.at,
        })),
      }
    }),
  )
}
