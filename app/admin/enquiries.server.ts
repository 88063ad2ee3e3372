import { isValidObjectId } from 'mongoose'
import { ChatConversation } from '#app/models/chat.server'
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

/** GET /api/admin/contacts pages through every submission, newest first (README: API notes). */
export const CONTACTS_API_PAGE = { defaultLimit: 100, maxLimit: 500 } as const

/** One page of every submission for the JSON API; a page past the end is empty. */
export async function listContactSubmissionsForApi({ page, limit }: { page: number; limit: number }) {
  const [total, docs] = await Promise.all([
    Contact.countDocuments(),
    Contact.find()
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<ContactDocument[]>(),
  ])
  return { submissions: docs.map(toSubmission), total }
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
  messages: { id: string; sender: 'agent' | 'user'; content: string; timestamp: Date }[]
}

/** The most recently active support chats with their transcripts. */
export async function listChatTranscripts(limit = 20): Promise<ChatTranscript[]> {
  const docs = await ChatConversation.find().sort({ updatedAt: -1 }).limit(limit).lean()
  return docs.map((doc) => ({
    id: String(doc._id),
    name: doc.name || null,
    email: doc.email || null,
    updatedAt: doc.updatedAt,
    messages: doc.messages.map((message) => ({
      id: String(message._id),
      sender: message.sender as 'agent' | 'user',
      content: message.content,
      timestamp: message.timestamp,
    })),
  }))
}
