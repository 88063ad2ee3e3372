import { projectionOf, toView, type View } from '#app/lib/db/views.server'
import { ChatConversation, type ChatConversationDocument, ConversationMessage } from './chat-model.server'
import { transcript } from './conversations.server'

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
