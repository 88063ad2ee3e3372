import { Form, Link, useSearchParams } from 'react-router'
import { listAuditEvents } from '#app/staff/audit.server'
import { requireOwner } from '#app/staff/require-admin.server'
import { listStaffAccounts } from '#app/staff/staff-accounts.server'
import { RefreshLink } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { type StaffColumn, StaffTable } from '#app/components/staff/staff-table'
import { Pagination } from '#app/components/staff/pagination'
import { Card } from '#app/components/staff/card'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { AUDIT_KIND_LABELS, AUDIT_KINDS, AUDIT_RETENTION_DAYS, isAuditKind } from '#app/domain/audit'
import { pageMeta } from '#app/domain/seo'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import type { Route } from './+types/audit'
import { formatCount } from '#app/domain/plural'

// The audit trail, owners only: who did what, when (ET), from which address key,
// in which request; newest first, 50 a page, filtered by actor and kind.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: 'Audit trail', description: 'Audit trail.', path: '/admin/audit', siteUrl: loaderData?.siteUrl ?? '', noindex: true })

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request)
  const url = new URL(request.url)
  const kindParam = url.searchParams.get('kind')
  const kind = isAuditKind(kindParam) ? kindParam : undefined
  const actor = url.searchParams.get('actor')?.trim().slice(0, 40) || undefined
  const page = Number(url.searchParams.get('page') ?? '1') || 1
  const [trail, accounts] = await Promise.all([listAuditEvents({ page, kind, actor }), listStaffAccounts()])
  return { siteUrl: getEnv().SITE_URL, ...trail, kind: kind ?? '', actor: actor ?? '', actors: accounts.map((account) => account.username) }
}

const AUDIT_COLUMNS: StaffColumn[] = ['Time (ET)', 'Actor', 'Kind', 'Action', 'Target', 'Changes', 'Address key', 'Request id'].map(
  (label) => ({ label }),
)

function describeValue(value: unknown) {
  if (value === null || value === undefined) return '—'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const searching = useIsPending({ formMethod: 'GET' })
  const { events, total, page, pageCount, kind, actor, actors } = loaderData
  const [searchParams] = useSearchParams()
  return (
    <>
      <StaffHeader
        title="Audit trail"
        subtitle={`Kept for ${AUDIT_RETENTION_DAYS} days. Addresses are shown as keys: the same address has the same key all day, and none can be traced back to an address.`}
      >
        <RefreshLink />
      </StaffHeader>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-700">
          Actor
          <select name="actor" defaultValue={actor} className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2">
            <option value="">Anyone</option>
            {actors.map((username) => (
              <option key={username} value={username}>
                {username}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-700">
          Kind
          <select name="kind" defaultValue={kind} className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2">
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <StatusButton pending={searching} variant="outline" size="sm">
          Filter
        </StatusButton>
      </Form>

      <Card region headingId="events-heading" title="Events, newest first" className="mt-8">
        <StaffTable columns={AUDIT_COLUMNS} footnote={formatCount(total, 'event')}>
          {events.length === 0 ? (
            <tr>
              <td colSpan={8} className="py-6 text-center text-slate-500">
                No events.
              </td>
            </tr>
          ) : (
            events.map((event) => (
              <tr key={event.id} className="border-b border-slate-100 align-top" data-testid="audit-event">
                <td className="py-2 pr-4 whitespace-nowrap">{formatAdminDate(event.at)}</td>
                <td className="py-2 pr-4">{event.actor ?? '—'}</td>
                <td className="py-2 pr-4">{AUDIT_KIND_LABELS[event.kind]}</td>
                <td className="py-2 pr-4">{event.action}</td>
                <td className="py-2 pr-4 break-words" title={event.target ?? undefined}>
                  {event.targetHref ? (
                    <Link to={event.targetHref} className="text-brand-700 underline">
                      {event.targetLabel}
                    </Link>
                  ) : (
                    (event.targetLabel ?? '')
                  )}
                </td>
                <td className="py-2 pr-4">
                  {event.changes ? (
                    <ul className="space-y-1">
                      {Object.entries(event.changes).map(([field, change]) => (
                        <li key={field} className="break-words">
                          <span className="font-semibold">{field}</span>: {describeValue(change.before)} → {describeValue(change.after)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td className="py-2 pr-4 font-mono text-xs">{event.addressKey}</td>
                <td className="py-2 pr-4 font-mono text-xs break-all">{event.requestId}</td>
              </tr>
            ))
          )}
        </StaffTable>
        <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Audit trail pages" />
      </Card>
    </>
  )
}
