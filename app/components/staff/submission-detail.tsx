import { Link } from 'react-router'
import type { ContactSubmission } from '#app/enquiries/contact-submission.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { serviceLabel } from '#app/domain/contact-form-fields'
import { BUSINESS } from '#app/domain/business'
import { Card } from './card'
import { adminButtonClass } from './admin-buttons'

/** SPEC's detail card: opened by View (?view=<id>), closed by Close (a link without it). */
export function SubmissionDetail({ submission, closeHref }: { submission: ContactSubmission; closeHref: string }) {
  const subject = encodeURIComponent(`Re: Your inquiry to ${BUSINESS.name}`)
  return (
    <Card
      region
      headingId="submission-detail-heading"
      title={`Submission from ${submission.name}`}
      data-testid="submission-detail"
      className="mb-8"
    >
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">Date</dt>
        <dd>{formatAdminDate(submission.createdAt)}</dd>
        <dt className="font-medium text-slate-600">Name</dt>
        <dd>{submission.name}</dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd>
          <a className="text-brand-700 underline" href={`mailto:${submission.email}`}>
            {submission.email}
          </a>
        </dd>
        <dt className="font-medium text-slate-600">Phone</dt>
        <dd>
          {submission.phone ? (
            <a className="text-brand-700 underline" href={`tel:${submission.phone.replace(/[^\d+]/g, '')}`}>
              {submission.phone}
            </a>
          ) : (
            'Not provided'
          )}
        </dd>
        <dt className="font-medium text-slate-600">Service interested in</dt>
        <dd>{serviceLabel(submission.service) ?? 'Not specified'}</dd>
        <dt className="font-medium text-slate-600">Message</dt>
        <dd className="whitespace-pre-wrap" data-testid="submission-message">
          {submission.message}
        </dd>
      </dl>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Link to={closeHref} className={adminButtonClass} preventScrollReset>
          Close
        </Link>
        <a href={`mailto:${submission.email}?subject=${subject}`} className={adminButtonClass}>
          Reply by Email
        </a>
        {submission.phone ? (
          <a href={`tel:${submission.phone.replace(/[^\d+]/g, '')}`} className={adminButtonClass}>
            Call
          </a>
        ) : null}
      </div>
    </Card>
  )
}
