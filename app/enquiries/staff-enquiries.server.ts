import { isValidObjectId } from 'mongoose'
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

export async function findContactSubmission(id: string) {
  if (!isValidObjectId(id)) return null
  const doc = await Contact.findById(id, submissionProjection).lean()
  return doc ? toSubmission(doc) : null
}
