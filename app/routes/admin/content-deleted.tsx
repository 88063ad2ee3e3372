import { Form, Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { listDeletedContent, RESTORE_DAYS } from '#app/catalogue/content-editing.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { CONTENT_LABELS, type ContentKind } from '#app/domain/content-rules'
import { pageMeta } from '#app/domain/seo'
import { readContentKind } from '#app/catalogue/content-params.server'
import type { Route } from './+types/content-deleted'

// "Recently deleted": what staff deleted in the last 30 days, each with Restore.

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({
    title: loaderData ? `Recently deleted ${CONTENT_LABELS[loaderData.kind].plural.toLowerCase()}` : 'Recently deleted',
    description: 'Deleted site content that can still be restored.',
    path: `/admin/content/${params.kind}/deleted`,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const kind = readContentKind(params.kind)
  const items = await listDeletedContent(kind)
  return {
    siteUrl: getEnv().SITE_URL,
    kind,
    restoreDays: RESTORE_DAYS,
    items: items.map((item) => ({ ...item, deletedAt: formatAdminDate(item.deletedAt), purgeAt: formatAdminDate(item.purgeAt) })),
  }
}

function RestoreForm({ kind, id, name }: { kind: ContentKind; id: number; name: string }) {
  const action = `/admin/content/${kind}/${id}/restore`
  const restoring = useIsPending({ formAction: action })
  return (
    <Form method="post" action={action}>
      <StatusButton pending={restoring} pendingText="Restoring..." variant="outline" size="sm">
        Restore<span className="sr-only"> {name}</span>
      </StatusButton>
    </Form>
  )
}

export default function ContentDeleted({ loaderData }: Route.ComponentProps) {
  const { kind, items, restoreDays } = loaderData
  const labels = CONTENT_LABELS[kind]
  return (
    <div className="max-w-5xl">
      <StaffHeader
        title={`Recently deleted ${labels.plural.toLowerCase()}`}
        subtitle={`Deleted ${labels.plural.toLowerCase()} stay here for ${restoreDays} days, then they are gone for good.`}
      >
        <Link to={`/admin/content/${kind}`} className={adminButtonClass}>
          Back to {labels.plural}
        </Link>
      </StaffHeader>
      {items.length === 0 ? (
        <p className="mt-8 text-slate-600">Nothing was deleted in the last {restoreDays} days.</p>
      ) : (
        <Card frame="flush" className="mt-8">
          <ul className="divide-y divide-slate-200">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-slate-900">{item.name}</p>
                  <p className="text-sm text-slate-600">
                    Deleted {item.deletedAt}
                    {item.deletedBy ? ` by ${item.deletedBy}` : ''} · gone for good after {item.purgeAt}
                  </p>
                </div>
                <RestoreForm kind={kind} id={item.id} name={item.name} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  )
}
