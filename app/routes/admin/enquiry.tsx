import { Form, Link, Outlet, unstable_useRoute as useRoute } from 'react-router'
import { findEnquiry, listEnquiryOwners, replyAddressOf } from '#app/enquiries/enquiry-workflow.server'
import { staffDisplayName } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { AssignForm } from '#app/components/staff/assign-form'
import { Card } from '#app/components/staff/card'
import { EnquiryStatusBadge } from '#app/components/staff/enquiry-status-badge'
import { StaffHeader } from '#app/components/staff/staff-header'
import { refusedField } from '#app/components/staff/task-refusal'
import { StatusButton } from '#app/components/ui/button'
import { CONTROL_CLASS, FieldMessage } from '#app/components/ui/field'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { BUSINESS } from '#app/domain/business'
import { serviceLabel } from '#app/domain/contact-form-fields'
import { ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS, NOTE_MAX, REPLY_SUBJECT_MAX, REPLY_TEXT_MAX } from '#app/domain/enquiry'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/enquiry'

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({
    title: loaderData ? `Enquiry from ${loaderData.enquiry.name}` : 'Enquiry',
    description: 'An enquiry, its owner, notes and replies.',
    path: `/admin/enquiries/${params.id}`,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const [enquiry, owners, replyTo, myName] = await Promise.all([
    findEnquiry(params.id),
    listEnquiryOwners(),
    replyAddressOf(admin.id),
    staffDisplayName(admin),
  ])
  invariantResponse(enquiry, 'Enquiry not found', 404)
  return { siteUrl: getEnv().SITE_URL, enquiry, owners, replyTo, myName }
}

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** A refused control's aria wiring to its messages (none when it was not refused). */
function invalid(errorId: string, errors: string[] | undefined) {
  return errors ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
}

function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors ? <FieldMessage id={id}>{errors.join(' ')}</FieldMessage> : null
}

export default function Enquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry, owners, replyTo, myName } = loaderData
  const base = `/admin/enquiries/${enquiry.id}`
  const statusPending = useIsPending({ formAction: `${base}/status` })
  const notePending = useIsPending({ formAction: `${base}/note` })
  const replyPending = useIsPending({ formAction: `${base}/reply` })
  // A refused reply (its nested route's answer) comes back filled with what was sent.
  const refused = useRoute('routes/admin/enquiry-reply')?.actionData?.result
  const subject = refusedField(refused, 'subject')
  const text = refusedField(refused, 'text')
  const replyAddress = refusedField(refused, 'replyTo')
  const firstName = enquiry.name.split(/\s+/)[0] ?? enquiry.name
  const history = [
    ...enquiry.notes.map((note) => ({ kind: 'note' as const, ...note })),
    ...enquiry.replies.map((reply) => ({ kind: 'reply' as const, ...reply })),
  ].sort((a, b) => a.at.localeCompare(b.at))

  return (
    <>
      <StaffHeader title={`Enquiry from ${enquiry.name}`} subtitle={`Received ${formatAdminDate(enquiry.createdAt)}`}>
        <Link to="/admin/enquiries" className={adminButtonClass}>
          All enquiries
        </Link>
      </StaffHeader>

      <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <EnquiryStatusBadge status={enquiry.status} />
        <span>Owner: {enquiry.assignee?.name ?? 'nobody yet'}</span>
      </p>

      {/* A task's refusal (the nested route that answered it) shows here, above the forms. */}
      <Outlet />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Card title="The enquiry" headingId="enquiry-heading">
            <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[9rem_minmax(0,1fr)]">
              <dt className="font-medium text-slate-600">Name</dt>
              <dd>{enquiry.name}</dd>
              <dt className="font-medium text-slate-600">Email</dt>
              <dd className="break-words">
                <a className="text-brand-700 underline" href={`mailto:${enquiry.email}`}>
                  {enquiry.email}
                </a>
              </dd>
              <dt className="font-medium text-slate-600">Phone</dt>
              <dd>
                {enquiry.phone ? (
                  <a className="text-brand-700 underline" href={telHref(enquiry.phone)}>
                    {enquiry.phone}
                  </a>
                ) : (
                  'Not provided'
                )}
              </dd>
              <dt className="font-medium text-slate-600">Service</dt>
              <dd>{serviceLabel(enquiry.service) ?? 'Not specified'}</dd>
            </dl>
            <h3 className="mt-4 font-medium text-slate-600">Message</h3>
            <p className="mt-1 rounded-md bg-slate-50 p-3 break-words whitespace-pre-wrap" data-testid="enquiry-message">
              {enquiry.message}
            </p>
          </Card>

          <Card title="Reply by e-mail" headingId="reply-heading">
            <Form key={enquiry.replies.length} method="post" action={`${base}/reply`} className="mt-4 space-y-3">
              <label className="block text-sm font-medium text-slate-700">
                Subject
                <input
                  name="subject"
                  required
                  maxLength={REPLY_SUBJECT_MAX}
                  defaultValue={subject.sent ?? `Re: Your enquiry to ${BUSINESS.name}`}
                  {...invalid('reply-subject-error', subject.errors)}
                  className={CONTROL_CLASS}
                />
              </label>
              <Errors id="reply-subject-error" errors={subject.errors} />
              <label className="block text-sm font-medium text-slate-700">
                Reply
                <textarea
                  name="text"
                  required
                  maxLength={REPLY_TEXT_MAX}
                  rows={9}
                  defaultValue={
                    text.sent ??
                    `Hello ${firstName},\n\nThank you for getting in touch.\n\n\n\nBest regards,\n${myName}\n${BUSINESS.name}\n${BUSINESS.phone.display}`
                  }
                  {...invalid('reply-text-error', text.errors)}
                  className={CONTROL_CLASS}
                />
              </label>
              <Errors id="reply-text-error" errors={text.errors} />
              <label className="block text-sm font-medium text-slate-700">
                Replies come back to
                <input
                  type="email"
                  name="replyTo"
                  required
                  maxLength={254}
                  defaultValue={replyAddress.sent ?? replyTo}
                  autoComplete="email"
                  {...invalid('reply-to-error', replyAddress.errors)}
                  className={CONTROL_CLASS}
                />
                <span className="mt-1 block text-xs font-normal text-slate-500">
                  Your address; kept on your account for the next reply.
                </span>
              </label>
              <Errors id="reply-to-error" errors={replyAddress.errors} />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="markContacted"
                  defaultChecked={refused ? refused.initialValue?.markContacted === 'on' : enquiry.status === 'new'}
                  className="size-4"
                />
                Mark the enquiry contacted
              </label>
              <p className="text-sm text-slate-600">To {enquiry.email}. Sent through the site’s mail queue; kept below.</p>
              <StatusButton pending={replyPending} pendingText="Sending...">
                Send reply
              </StatusButton>
            </Form>
          </Card>

          <Card title="Notes and replies" headingId="history-heading">
            {history.length === 0 ? (
              <p className="mt-3 text-slate-600">Nothing yet.</p>
            ) : (
              <ol className="mt-4 space-y-3" aria-label="Notes and replies">
                {history.map((entry) => (
                  <li
                    key={`${entry.kind}-${entry.at}`}
                    className={`rounded-lg border p-3 ${entry.kind === 'note' ? 'border-amber-200 bg-amber-50' : 'border-sky-200 bg-sky-50'}`}
                  >
                    <p className="text-xs text-slate-600">
                      <strong className="text-slate-900">{entry.kind === 'note' ? 'Internal note' : 'E-mail reply'}</strong> by{' '}
                      {entry.author}, {formatAdminDate(entry.at)}
                    </p>
                    {entry.kind === 'reply' ? <p className="mt-1 text-sm font-medium">{entry.subject}</p> : null}
                    <p className="mt-1 text-sm break-words whitespace-pre-wrap">{entry.text}</p>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>

        <div className="space-y-6">
          <Card title="Status" headingId="status-heading">
            <Form method="post" action={`${base}/status`} className="mt-3 flex flex-wrap items-end gap-3">
              <div className="min-w-40 flex-1">
                <label htmlFor="enquiry-status-choice" className="text-sm font-medium text-slate-700">
                  Status
                </label>
                <select id="enquiry-status-choice" name="status" defaultValue={enquiry.status} className={CONTROL_CLASS}>
                  {ENQUIRY_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {ENQUIRY_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
              <StatusButton pending={statusPending} pendingText="Saving..." variant="outline">
                Update status
              </StatusButton>
            </Form>
          </Card>

          <Card title="Owner" headingId="owner-heading">
            <AssignForm
              action={`${base}/assign`}
              label="Owner"
              selectId="enquiry-owner-choice"
              current={enquiry.assignee?.id}
              owners={owners}
            />
          </Card>

          <Card title="Internal note" headingId="note-heading">
            <Form key={enquiry.notes.length} method="post" action={`${base}/note`} className="mt-3 space-y-3">
              <label className="block text-sm font-medium text-slate-700">
                Note (staff only)
                <textarea name="note" required maxLength={NOTE_MAX} rows={4} className={CONTROL_CLASS} />
              </label>
              <StatusButton pending={notePending} pendingText="Saving..." variant="outline">
                Add note
              </StatusButton>
            </Form>
          </Card>

          {enquiry.phone ? (
            <a href={telHref(enquiry.phone)} className={`${adminButtonClass} w-full`}>
              Call {enquiry.phone}
            </a>
          ) : null}
        </div>
      </div>
    </>
  )
}
