import { data, Form, Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { ContentEditError, RESTORE_DAYS, deleteContent, getContent } from '#app/catalogue/content-editing.server'
import { CONTENT_LABELS, type ContentKind } from '#app/domain/content-rules'
import { pageMeta } from '#app/domain/seo'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { readContentRecord } from '#app/catalogue/content-params.server'
import type { Route } from './+types/content-delete'

// Deleting a record asks on a page of its own, so the question works without JavaScript; the
// record then waits in "Recently deleted" for 30 days.

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  pageMeta({
    title: loaderData ? `Delete ${loaderData.name}?` : 'Delete',
    description: 'Confirm a deletion.',
    path: location.pathname,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

async function recordName(kind: ContentKind, id: number) {
  try {
    const record = (await getContent(kind, id)) as Record<string, unknown>
    return String(record.name ?? record.title ?? '')
  } catch (error) {
    if (error instanceof ContentEditError) invariantResponse(false, error.message, error.status)
    throw error
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { kind, id } = readContentRecord(params)
  return { siteUrl: getEnv().SITE_URL, kind, id, name: await recordName(kind, id), restoreDays: RESTORE_DAYS }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readContentRecord(params)
  const name = await recordName(kind, id)
  try {
    await deleteContent(kind, id, undefined, { actor: { id: admin.id, username: admin.username }, context })
  } catch (error) {
    if (error instanceof ContentEditError) return data({ error: error.message }, { status: error.status })
    throw error
  }
  return redirectWithToast(`/admin/content/${kind}`, {
    title: 'Deleted',
    description: `${name} is off the site. You can restore it from Recently deleted for ${RESTORE_DAYS} days.`,
    action: { label: 'Recently deleted', href: `/admin/content/${kind}/deleted` },
  })
}

export default function ContentDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, name, restoreDays } = loaderData
  const deleting = useIsPending()
  const singular = CONTENT_LABELS[kind].singular
  return (
    <div className="max-w-2xl">
      <StaffHeader title={`Delete this ${singular}?`} />
      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Card tone="danger" title={name} className="mt-6">
        <p className="mt-2 text-slate-700">
          It leaves the site at once. For {restoreDays} days you can bring it back from “Recently deleted”; after that it is gone for good.
        </p>
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <StatusButton pending={deleting} pendingText="Deleting..." variant="danger">
            Delete {singular}
          </StatusButton>
          <Link to={`/admin/content/${kind}/${id}`} className={buttonClasses('outline')}>
            Keep it
          </Link>
        </Form>
      </Card>
    </div>
  )
}
