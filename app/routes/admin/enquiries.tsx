import { Form, Link, useSearchParams } from 'react-router'
import { listEnquiries, listEnquiryOwners } from '#app/enquiries/enquiry-workflow.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { EnquiryStatusBadge } from '#app/components/staff/enquiry-status-badge'
import { Pagination } from '#app/components/staff/pagination'
import { StaffHeader } from '#app/components/staff/staff-header'
import { StaffTable } from '#app/components/staff/staff-table'
import { Card } from '#app/components/staff/card'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { SERVICE_CHOICES, serviceLabel } from '#app/domain/contact-form-fields'
import { ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS, readEnquiryFilters } from '#app/domain/enquiry'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/enquiries'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Enquiries',
    description: 'Enquiries and their status.',
    path: '/admin/enquiries',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filters = readEnquiryFilters(url.searchParams)
  const page = Number(url.searchParams.get('page') ?? '1') || 1
  const [list, owners] = await Promise.all([listEnquiries(filters, page), listEnquiryOwners()])
  return { siteUrl: getEnv().SITE_URL, filters, owners, ...list }
}

const COLUMNS = [
  { label: 'Select' },
  { label: 'Received' },
  { label: 'From' },
  { label: 'Service' },
  { label: 'Message' },
  { label: 'Owner' },
  { label: 'Status' },
  { label: 'Action' },
]

const BULK_FORM_ID = 'bulk-close'
const controlClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm'

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const searching = useIsPending({ formMethod: 'GET' })
  const { filters, owners, enquiries, total, page, pageCount } = loaderData
  const [searchParams] = useSearchParams()
  const exportParams = new URLSearchParams(searchParams)
  exportParams.delete('page')
  // Back to the list as it is filtered, after closing.
  const closeAction = `/admin/enquiries/close${searchParams.size ? `?${searchParams}` : ''}`
  const closing = useIsPending({ formAction: closeAction })
  const filtered = Boolean(filters.search || filters.status || filters.service || filters.assignee || filters.from || filters.to)
  return (
    <>
      <StaffHeader title="Enquiries" subtitle="Everything sent through the contact form: triage, answer, close.">
        <a href={`/admin/enquiries/export${exportParams.size ? `?${exportParams}` : ''}`} className={adminButtonClass} download>
          Export CSV
        </a>
      </StaffHeader>

      <Card className="mt-6">
        <Form method="get" role="search" aria-label="Filter enquiries" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-7">
          <label className="col-span-2 text-sm font-medium text-slate-700 md:col-span-3 xl:col-span-2">
            Search
            <input
              type="search"
              name="q"
              defaultValue={filters.search}
              maxLength={200}
              placeholder="Name, e-mail or message"
              className={controlClass}
            />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Status
            <select name="status" defaultValue={filters.status ?? ''} className={controlClass}>
              <option value="">Any status</option>
              {ENQUIRY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ENQUIRY_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Service
            <select name="service" defaultValue={filters.service ?? ''} className={controlClass}>
              <option value="">Any service</option>
              {SERVICE_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
              <option value="none">Not specified</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Owner
            <select name="assignee" defaultValue={filters.assignee ?? ''} className={controlClass}>
              <option value="">Anyone</option>
              <option value="none">Nobody yet</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            From
            <input type="date" name="from" defaultValue={filters.from ?? ''} className={controlClass} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            To
            <input type="date" name="to" defaultValue={filters.to ?? ''} className={controlClass} />
          </label>
          <div className="col-span-2 flex items-end gap-3 md:col-span-3 xl:col-span-7">
            <StatusButton pending={searching} variant="outline" size="sm">
              Filter
            </StatusButton>
            {filtered ? (
              <Link to="/admin/enquiries" className="text-sm text-brand-700 underline">
                Clear filters
              </Link>
            ) : null}
          </div>
        </Form>
      </Card>

      <Card
        region
        headingId="enquiries-heading"
        title={filtered ? 'Matching enquiries' : 'All enquiries'}
        actions={
          <Form method="post" action={closeAction} id={BULK_FORM_ID}>
            <StatusButton pending={closing} pendingText="Closing..." variant="outline" size="sm">
              Close selected
            </StatusButton>
          </Form>
        }
        className="mt-6"
      >
        {enquiries.length === 0 ? (
          <p className="mt-6 text-slate-600">{filtered ? 'No enquiries match these filters.' : 'No enquiries yet.'}</p>
        ) : (
          <StaffTable columns={COLUMNS} footnote={`${total} ${total === 1 ? 'enquiry' : 'enquiries'}`}>
            {enquiries.map((enquiry) => (
              <tr
                key={enquiry.id}
                data-testid="enquiry-row"
                className={`border-b border-slate-100 align-top ${enquiry.status === 'new' ? 'bg-amber-50/60 font-semibold' : ''}`}
              >
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    name="ids"
                    value={enquiry.id}
                    form={BULK_FORM_ID}
                    aria-label={`Select enquiry from ${enquiry.name}`}
                    className="size-5"
                  />
                </td>
                <td className="py-2 pr-4 whitespace-nowrap">{formatAdminDate(enquiry.createdAt)}</td>
                <td className="py-2 pr-4">
                  {enquiry.name}
                  <br />
                  <span className="font-normal text-slate-500">{enquiry.email}</span>
                </td>
                <td className="py-2 pr-4 font-normal">{serviceLabel(enquiry.service) ?? 'Not specified'}</td>
                <td className="max-w-xs py-2 pr-4 font-normal text-slate-600">{enquiry.snippet}</td>
                <td className="py-2 pr-4 font-normal">{enquiry.assignee?.name ?? 'Nobody yet'}</td>
                <td className="py-2 pr-4">
                  <EnquiryStatusBadge status={enquiry.status} />
                </td>
                <td className="py-2">
                  <Link
                    to={`/admin/enquiries/${enquiry.id}`}
                    className="text-brand-700 underline"
                    aria-label={`Open enquiry from ${enquiry.name}`}
                  >
                    Open
                  </Link>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Enquiry pages" />
      </Card>
    </>
  )
}
