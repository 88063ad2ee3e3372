import { useEffect } from 'react'
import { data, Form, Link, useSearchParams } from 'react-router'
import { listChatTranscripts } from '#app/chat/staff-transcripts.server'
import { findContactSubmission, listContactSubmissions } from '#app/enquiries/staff-enquiries.server'
import type { ContactSubmission } from '#app/enquiries/contact-submission.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { type ConsoleToday, consoleToday } from '#app/staff/console-today.server'
import { enquiryStatuses } from '#app/enquiries/enquiry-workflow.server'
import { TodayPanel } from '#app/components/staff/today-panel'
import { EnquiryStatusBadge } from '#app/components/staff/enquiry-status-badge'
import type { EnquiryStatus } from '#app/domain/enquiry'
import { RefreshLink } from '#app/components/staff/admin-buttons'
import { ChatTranscripts } from '#app/components/staff/chat-transcripts'
import { Pagination } from '#app/components/staff/pagination'
import { StaffTable } from '#app/components/staff/staff-table'
import { StaffHeader } from '#app/components/staff/staff-header'
import { SubmissionDetail } from '#app/components/staff/submission-detail'
import { SubscriptionFigures } from '#app/components/staff/subscription-figures'
import { Card } from '#app/components/staff/card'
import { ordersSummary } from '#app/orders/staff-subscriptions.server'
import { showToast } from '#app/components/ui/toaster'
import { getEnv } from '#app/lib/config/env.server'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { serviceLabel } from '#app/domain/contact-form-fields'
import { isNoAnswer } from '#app/lib/http/no-answer'
import { pageMeta } from '#app/domain/seo'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import type { Route } from './+types/dashboard'
import { formatCount } from '#app/domain/plural'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Admin Dashboard',
    description: 'Contact submissions.',
    path: '/admin',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const owner = admin.role === 'owner'
  const url = new URL(request.url)
  const search = url.searchParams.get('q')?.trim() ?? ''
  const page = Number(url.searchParams.get('page') ?? '1') || 1
  const viewId = url.searchParams.get('view')
  const siteUrl = getEnv().SITE_URL
  try {
    const [list, selected, conversations, today, subscriptions] = await Promise.all([
      listContactSubmissions({ search, page }),
      viewId ? findContactSubmission(viewId) : null,
      listChatTranscripts(),
      consoleToday(),
      // The figures are a summary: their failure must not hide the enquiries.
      ordersSummary().catch(() => null),
    ])
    const statuses = await enquiryStatuses(list.submissions.map((submission) => submission.id))
    return {
      siteUrl,
      owner,
      search,
      ...list,
      selected,
      viewMissing: Boolean(viewId && !selected),
      conversations,
      today: today as ConsoleToday | null,
      statuses,
      subscriptions,
      loadFailed: false,
    }
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    return data(failedLoadData(siteUrl, search, owner), { status: 503 })
  }
}

/** SPEC §8: when loading fails there is no data, the error toast and the preview notice. */
function failedLoadData(siteUrl: string, search: string, owner = false) {
  return {
    siteUrl,
    owner,
    search,
    submissions: [] as ContactSubmission[],
    total: 0,
    page: 1,
    pageCount: 1,
    selected: null,
    viewMissing: false,
    conversations: [],
    today: null as ConsoleToday | null,
    statuses: {} as Record<string, EnquiryStatus>,
    subscriptions: null,
    loadFailed: true,
  }
}

/** With JavaScript, a refresh or search that gets no answer at all shows the same failure state. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader()
  } catch (error) {
    if (!isNoAnswer(error)) throw error
    const url = new URL(request.url)
    return failedLoadData(url.origin, url.searchParams.get('q')?.trim() ?? '')
  }
}

const SUBMISSION_COLUMNS = [
  { label: 'Date' },
  { label: 'Name' },
  { label: 'Email' },
  { label: 'Service' },
  { label: 'Status' },
  { label: 'Action' },
]

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const searching = useIsPending({ formMethod: 'GET' })
  const { submissions, total, page, pageCount, selected, viewMissing, conversations, loadFailed, search } = loaderData
  const [searchParams] = useSearchParams()
  const hrefWith = (view: string | null) => {
    const params = new URLSearchParams(searchParams)
    if (view) params.set('view', view)
    else params.delete('view')
    const query = params.toString()
    return query ? `?${query}` : '/admin'
  }

  useEffect(() => {
    if (loadFailed)
      showToast({ title: 'Error', description: 'Failed to load contact submissions. Please try again.', variant: 'destructive' })
  }, [loadFailed])

  return (
    <>
      <StaffHeader title="Admin Dashboard" subtitle="Today’s work first, then every enquiry.">
        <RefreshLink />
      </StaffHeader>
      {loaderData.today ? <TodayPanel today={loaderData.today} /> : null}
      {loaderData.subscriptions ? <SubscriptionFigures summary={loaderData.subscriptions} /> : null}

      {loadFailed ? (
        <p role="status" className="mt-6 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
          This is a preview with sample data: the contacts endpoint is not yet available. Contact form submissions are still being saved.
        </p>
      ) : null}

      <div className="mt-8">
        {selected ? <SubmissionDetail submission={selected} closeHref={hrefWith(null)} /> : null}
        {viewMissing ? (
          <p role="alert" className="mb-6 rounded-md border border-red-200 bg-red-50 p-3 text-red-700">
            That submission no longer exists.
          </p>
        ) : null}
      </div>

      <Card
        region
        headingId="submissions-heading"
        title="All Submissions"
        actions={
          <Form method="get" role="search" className="flex w-full gap-2 sm:w-auto">
            <label htmlFor="submission-search" className="sr-only">
              Search submissions by name, email or message
            </label>
            <input
              id="submission-search"
              type="search"
              name="q"
              defaultValue={search}
              placeholder="Search name, email or message"
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 sm:w-64 sm:flex-none"
            />
            <StatusButton pending={searching} variant="outline" size="sm">
              Search
            </StatusButton>
          </Form>
        }
      >
        {submissions.length === 0 ? (
          <p className="mt-6 text-slate-600">
            {search
              ? `No submissions match “${search}”.`
              : 'No submissions found. When customers submit the contact form, their submissions will appear here.'}
          </p>
        ) : (
          <StaffTable columns={SUBMISSION_COLUMNS} footnote={formatCount(total, 'submission')}>
            {submissions.map((submission) => (
              <tr key={submission.id} className="border-b border-slate-100">
                <td className="py-2 pr-4 whitespace-nowrap">{formatAdminDate(submission.createdAt)}</td>
                <td className="py-2 pr-4">{submission.name}</td>
                <td className="py-2 pr-4">{submission.email}</td>
                <td className="py-2 pr-4">
                  {submission.service ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                      {serviceLabel(submission.service)}
                    </span>
                  ) : (
                    <span className="text-slate-500">Not specified</span>
                  )}
                </td>
                <td className="py-2 pr-4">
                  <EnquiryStatusBadge status={loaderData.statuses[submission.id] ?? 'new'} />
                </td>
                <td className="py-2">
                  <Link
                    to={hrefWith(submission.id)}
                    className="text-brand-700 underline"
                    aria-label={`View submission from ${submission.name}`}
                  >
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Submission pages" />
      </Card>

      <ChatTranscripts conversations={conversations} />
    </>
  )
}
