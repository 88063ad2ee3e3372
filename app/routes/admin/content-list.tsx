import { data, Form, Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { buttonClasses } from '#app/components/ui/button'
import { StaffHeader } from '#app/components/staff/staff-header'
import { getEnv } from '#app/lib/config/env.server'
import { ContentEditError, listContent, listDeletedContent, moveContent, updateContent } from '#app/catalogue/content-editing.server'
import { CONTENT_LABELS, type ContentKind, isContentKind } from '#app/domain/content-rules'
import { formatDollars } from '#app/domain/pricing'
import { pageMeta } from '#app/domain/seo'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/content-list'

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({
    title: loaderData ? CONTENT_LABELS[loaderData.kind].plural : 'Content',
    description: 'Site content.',
    path: `/admin/content/${params.kind}`,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

function readKind(kind: string): ContentKind {
  invariantResponse(isContentKind(kind), 'There is no such kind of content', 404)
  return kind
}

/** How each kind says whether visitors see a record, and the change that flips it. */
function visibility(kind: ContentKind, record: Record<string, unknown>) {
  if (kind === 'news') {
    const published = record.status === 'published'
    return {
      shown: published,
      label: published ? 'Published' : 'Draft',
      flip: { status: published ? 'draft' : 'published' },
      action: published ? 'Unpublish' : 'Publish',
    }
  }
  if (kind === 'testimonials') {
    const shown = record.shown === true
    return { shown, label: shown ? 'Shown' : 'Hidden', flip: { shown: !shown }, action: shown ? 'Hide' : 'Show' }
  }
  const shown = record.hidden !== true
  return { shown, label: shown ? 'Shown' : 'Hidden', flip: { hidden: shown }, action: shown ? 'Hide' : 'Show' }
}

function describe(kind: ContentKind, record: Record<string, unknown>) {
  if (kind === 'plans') return `${formatDollars(Number(record.price))} / month${record.popular ? ' · Most popular' : ''}`
  if (kind === 'news') return `${String(record.date)} · /news/${String(record.slug)}`
  if (kind === 'testimonials') return `${String(record.company)} · ${String(record.rating)} of 5`
  if (kind === 'solutions') return String(record.industry)
  return String(record.shortDescription ?? '')
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const kind = readKind(params.kind)
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
      ...visibility(kind, record),
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const kind = readKind(params.kind)
  const form = await readFormWithLimit(request, BODY_LIMITS.default)
  const id = Number(form.get('id'))
  const version = Number(form.get('version'))
  const intent = form.get('intent')
  const edit = { actor: { id: admin.id, username: admin.username }, context }
  const singular = CONTENT_LABELS[kind].singular
  try {
    if (intent === 'up' || intent === 'down') {
      await moveContent(kind, id, intent, edit)
      return redirectWithToast(`/admin/content/${kind}`, { title: 'Order saved', description: `The ${singular} moved ${intent}.` })
    }
    if (intent === 'toggle') {
      const current = (await listContent(kind)).find((record) => record.id === id)
      invariantResponse(current, `There is no ${singular} with id ${id}.`, 404)
      const { flip, action: done } = visibility(kind, current)
      await updateContent(kind, id, flip, version, edit)
      return redirectWithToast(`/admin/content/${kind}`, {
        title: `${done} done`,
        description: `The ${singular} is saved; the site shows the change now.`,
      })
    }
    return data({ error: 'Choose one of the buttons.' }, { status: 400 })
  } catch (error) {
    if (error instanceof ContentEditError) {
      const message = error.status === 409 ? `${error.message} The list now shows the saved version.` : error.message
      return data({ error: message }, { status: error.status })
    }
    throw error
  }
}

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
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
      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-8 text-slate-600">None yet.</p>
      ) : (
        <ul className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
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
              <Form method="post" className="flex flex-wrap gap-2" aria-label={`Actions for ${row.name}`}>
                <input type="hidden" name="id" value={row.id} />
                <input type="hidden" name="version" value={row.version} />
                {ordered ? (
                  <>
                    <button
                      type="submit"
                      name="intent"
                      value="up"
                      className={adminButtonClass}
                      disabled={index === 0}
                      aria-label={`Move ${row.name} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="down"
                      className={adminButtonClass}
                      disabled={index === rows.length - 1}
                      aria-label={`Move ${row.name} down`}
                    >
                      ↓
                    </button>
                  </>
                ) : null}
                <button type="submit" name="intent" value="toggle" className={adminButtonClass}>
                  {row.action}
                  <span className="sr-only"> {row.name}</span>
                </button>
                <Link to={`/admin/content/${kind}/${row.id}`} className={adminButtonClass}>
                  Edit<span className="sr-only"> {row.name}</span>
                </Link>
              </Form>
              <Link to={`/admin/content/${kind}/${row.id}/delete`} className={buttonClasses('dangerOutline', 'sm:ml-4', 'sm')}>
                Delete<span className="sr-only"> {row.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
