import { ChatConversation } from '#app/chat/chat-model.server'
import { type ConversationRecord, unreadAndLast } from './conversations.server'

/** How many open conversations the counts look at: the most recently active. */
const OPEN_CONVERSATIONS_COUNTED = 200

/**
 * The staff console's chat figures: open conversations with visitor messages nobody has read, and
 * open conversations whose last word is not a staff member's (waiting for an answer).
 */
export async function chatInboxCounts(): Promise<{ unread: number; waiting: number }> {
  const open = await ChatConversation.find({ status: 'open' }, { messages: 0 })
    .sort({ updatedAt: -1 })
    .limit(OPEN_CONVERSATIONS_COUNTED)
    .lean<ConversationRecord[]>()
  const { unread, last } = await unreadAndLast(open)
  let waiting = 0
  for (const conversation of open) {
    const lastMessage = last.get(String(conversation._id))
    if (lastMessage && lastMessage.from !== 'staff') waiting++
  }
  return { unread: [...unread.values()].filter((count) => count > 0).length, waiting }
}
