import { Contact } from '#app/enquiries/contact-model.server'
import { type EnquiryStatus, enquiryStatusOf, messageSnippet } from '#app/domain/enquiry'

export type CustomerEnquiry = { id: string; createdAt: string; service: string | null; snippet: string; status: EnquiryStatus }

/** The address exactly, whatever its case: `^…$` keeps bob@x.com from matching jimbob@x.com. */
export function sameAddress(email: string) {
  return { $regex: `^${email.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, $options: 'i' }
}

/** A customer's enquiries by e-mail address, newest first: at most `limit`, and how many there are. */
export async function enquiriesOfCustomer(email: string, limit: number): Promise<{ items: CustomerEnquiry[]; total: number }> {
  if (!email.trim()) return { items: [], total: 0 }
  const query = { email: sameAddress(email) }
  const [total, docs] = await Promise.all([
    Contact.countDocuments(query),
    Contact.find(query, { createdAt: 1, service: 1, message: 1, status: 1 }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean(),
  ])
  return {
    total,
    items: docs.map((doc) => ({
      id: String(doc._id),
      createdAt: doc.createdAt.toISOString(),
      service: doc.service || null,
      snippet: messageSnippet(doc.message),
      status: enquiryStatusOf(doc.status),
    })),
  }
}
