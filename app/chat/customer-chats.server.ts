import { ChatConversation } from '#app/chat/chat-model.server'
import { sameAddress } from '#app/enquiries/customer-enquiries.server'

export type CustomerChat = { id: string; updatedAt: string; status: 'open' | 'closed'; name: string | null; currentPage: string | null }

/** A customer's chats by the e-mail address they gave, most recently active first: at most `limit`, and how many. */
export async function chatsOfCustomer(email: string, limit: number): Promise<{ items: CustomerChat[]; total: number }> {
  if (!email.trim()) return { items: [], total: 0 }
  const query = { email: sameAddress(email) }
  const [total, docs] = await Promise.all([
    ChatConversation.countDocuments(query),
    ChatConversation.find(query, { updatedAt: 1, status: 1, name: 1, currentPage: 1 }).sort({ updatedAt: -1, _id: -1 }).limit(limit).lean(),
  ])
  return {
    total,
    items: docs.map((doc) => ({
      id: String(doc._id),
      updatedAt: doc.updatedAt.toISOString(),
      status: doc.status,
      name: doc.name || null,
      currentPage: doc.currentPage || null,
    })),
  }
}
