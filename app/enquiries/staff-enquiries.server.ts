import { isValidObjectId } from 'mongoose'
import { projectionOf, toView, type View } from '#app/lib/db/views.server'
import { transcript } from '#app/chat/conversations.server'
import { ChatConversation, type ChatConversationDocument, ConversationMessage } from '#app/chat/chat-model.server'
import { submissionProjection, toSubmission } from '#app/enquiries/contact-submission.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { pageWindow } from '#app/lib/pagination'

export const SUBMISSIONS_PER_PAGE = 50

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
  const docs = await Contact.find(filter, submissionProjection)
    .sort({ createdAt: -1, _id: -1 })
    .skip(window.skip)
    .limit(window.limit)
    .lean()
  return { submissions: docs.map(toSubmission), total, page: window.page, pageCount: window.pageCount }
}

/** GET /api/admin/contacts pages through every submission, newest first (README: API notes). */
export const CONTACTS_API_PAGE = { defaultLimit: 100, maxLimit: 500 } as const

/** One page of every submission for the JSON API; a page past the end is empty. */
export async function listContactSubmissionsForApi({ page, limit }: { page: number; limit: number }) {
  const [total, docs] = await Promise.all([
    Contact.countDocuments(),
    Contact.find({}, submissionProjection)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
  ])
  return { submissions: docs.map(toSubmission), total }
}

export async function findContactSubmission(id: string) {
  if (!isValidObjectId(id)) return null
  const doc = await Contact.findById(id, submissionProjection).lean()
  return doc ? toSubmission(doc) : null
}

const TRANSCRIPT_FIELDS = ['name', 'email', 'updatedAt'] as const
const transcriptProjection = projectionOf(TRANSCRIPT_FIELDS)
export type ChatTranscript = View<ChatConversationDocument, (typeof TRANSCRIPT_FIELDS)[number]> & {
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
  const docs = await ChatConversation.find({}, transcriptProjection).sort({ updatedAt: -1 }).limit(limit).lean()
  return Promise.all(
    docs.map(async (doc) => {
      const [messages, total] = await Promise.all([
        transcript(doc._id, { limit: TRANSCRIPT_MESSAGES_SHOWN }),
        ConversationMessage.countDocuments({ conversationId: doc._id }),
      ])
      return {
        ...toView(doc, TRANSCRIPT_FIELDS),
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
