import { projectionOf, toView, type View } from '#app/lib/db/views.server'
import type { ContactDocument } from '#app/enquiries/contact-model.server'

/** What staff (and the contacts API, and the visitor's own 'Last Form Submission') see of an enquiry. */
const SUBMISSION_FIELDS = ['createdAt', 'name', 'email', 'phone', 'service', 'message'] as const
export type ContactSubmission = View<ContactDocument, (typeof SUBMISSION_FIELDS)[number]>
export const submissionProjection = projectionOf(SUBMISSION_FIELDS)

export function toSubmission(doc: Pick<ContactDocument, (typeof SUBMISSION_FIELDS)[number]> & { _id: unknown }): ContactSubmission {
  return toView(doc, SUBMISSION_FIELDS)
}
