import { Form, Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StatusButton, buttonClasses } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { getEnv } from '#app/lib/config/env.server'
import { listContent, listDeletedContent } from '#app/catalogue/content-editing.server'
import { readContentKind } from '#app/catalogue/content-params.server'
import { CONTENT_LABELS, type ContentKind, contentVisibility } from '#app/domain/content-rules'
import { formatDollars } from '#app/domain/pricing'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/content-list'

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({
    title: loaderData ? CONTENT_LABELS[loaderData.kind].plural : 'Content',
    description: 'Site content.',
    path: `/admin/content/${params.kind}`,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

function describe(kind: ContentKind, record: Record<string, unknown>) {
  if (kind === 'plans') return `${formatDollars(Number(record.price))} / month${record.popular ? ' · Most popular' : ''}`
  if (kind === 'news') return `${String(record.date)} · /news/${String(record.slug)}`
  if (kind === 'testimonials') return `${String(record.company)} · ${String(record.rating)} of 5`
  if (kind === 'solutions') return String(record.industry)
  return String(record.shortDescription ?? '')
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const kind = readContentKind(params.kind)
  const [records, deleted] = await Promise.all([listContent(kind), listDeletedContent(kind)])
  return {
    siteUrl: getEnv().SITE_URL,
    kind,
    deletedCount: deleted.length,
    ordered: kind !== 'news',
    rows: records.map((record) => ({
      id: record.id,
      version: record.version,
      name: String((record as Record<string, unknown>).name ?? (record as Record<string, unknown>).title),
      detail: describe(kind, record),
      ...contentVisibility(kind, record),
    })),
  }
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const { kind, rows, ordered, deletedCount } = loaderData
  const labels = CONTENT_LABELS[kind]
  return (
    <div className="max-w-5xl">
      <StaffHeader title={labels.plural}>
        <Link to="/admin/content" className={adminButtonClass}>
          Back to Content
        </Link>
        <Link to={`/admin/content/${kind}/deleted`} className={adminButtonClass}>
          Recently deleted{deletedCount > 0 ? ` (${deletedCount})` : ''}
        </Link>
        <Link to={`/admin/content/${kind}/new`} className={adminButtonClass}>
          New {labels.singular}
        </Link>
      </StaffHeader>
      {rows.length === 0 ? (
        <p className="mt-8 text-slate-600">None yet.</p>
      ) : (
        <Card frame="flush" className="mt-8">
          <ul className="divide-y divide-slate-200">
            {rows.map((row, index) => (
              <li key={row.id} className="flex flex-wrap items-center gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">
                    <Link to={`/admin/content/${kind}/${row.id}`} className="hover:underline">
                      {row.name}
                    </Link>{' '}
                    <span
                      className={`ml-2 rounded px-2 py-0.5 text-xs ${row.shown ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
                    >
                      {row.label}
                    </span>
                  </p>
                  <p className="truncate text-sm text-slate-600">{row.detail}</p>
                </div>
                <RowTasks kind={kind} row={row} ordered={ordered} first={index === 0} last={index === rows.length - 1} />
                <Link to={`/admin/content/${kind}/${row.id}/delete`} className={buttonClasses('dangerOutline', 'sm:ml-4', 'sm')}>
                  Delete<span className="sr-only"> {row.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  )
}

type Row = Route.ComponentProps['loaderData']['rows'][number]

const MOVES = [
  { direction: 'up', arrow: '↑' },
  { direction: 'down', arrow: '↓' },
] as const

/** A row's own tasks: move it, show or hide it, edit it. Each form says it is busy on its own button. */
function RowTasks({ kind, row, ordered, first, last }: { kind: ContentKind; row: Row; ordered: boolean; first: boolean; last: boolean }) {
  const moveAction = `/admin/content/${kind}/${row.id}/move`
  const visibilityAction = `/admin/content/${kind}/${row.id}/visibility`
  const moving = useIsPending({ formAction: moveAction })
  const switching = useIsPending({ formAction: visibilityAction })
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${row.name}`}>
      {ordered ? (
        <Form method="post" action={moveAction} className="flex gap-2">
          {MOVES.map((move) => (
            <StatusButton
              key={move.direction}
              pending={moving}
              variant="outline"
              size="sm"
              name="direction"
              value={move.direction}
              disabled={move.direction === 'up' ? first : last}
              aria-label={`Move ${row.name} ${move.direction}`}
            >
              {move.arrow}
            </StatusButton>
          ))}
        </Form>
      ) : null}
      <Form method="post" action={visibilityAction}>
        {/* The version this list showed: a change saved meanwhile is refused, not overwritten. */}
        <input type="hidden" name="version" value={row.version} />
        <StatusButton pending={switching} variant="outline" size="sm">
          {row.action}
          <span className="sr-only"> {row.name}</span>
        </StatusButton>
      </Form>
      <Link to={`/admin/content/${kind}/${row.id}`} className={adminButtonClass}>
        Edit<span className="sr-only"> {row.name}</span>
      </Link>
    </div>
  )
}
