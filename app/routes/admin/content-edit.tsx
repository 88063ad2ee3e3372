import { Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { ContentEditor } from '#app/components/staff/content-editor'
import { StaffHeader } from '#app/components/staff/staff-header'
import { getEnv } from '#app/lib/config/env.server'
import { ContentEditError, getContent } from '#app/catalogue/content-editing.server'
import { imageChoices, readEditorParams, recordToFormValues, saveContentForm } from '#app/catalogue/content-form.server'
import { CONTENT_FIELDS, CONTENT_LABELS, type ContentKind } from '#app/domain/content-rules'
import { pageMeta } from '#app/domain/seo'
import { invariantResponse } from '#app/lib/http/responses.server'
import type { Route } from './+types/content-edit'

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  pageMeta({
    title: loaderData?.title ?? 'Edit content',
    description: 'Edit site content.',
    path: location.pathname,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

/** A new record starts with these (the form's defaults). */
function emptyValues(kind: ContentKind): Record<string, string> {
  const today = new Date().toISOString().slice(0, 10)
  const defaults: Partial<Record<ContentKind, Record<string, string>>> = {
    services: { priceType: 'month' },
    testimonials: { shown: 'on', rating: '5' },
    news: { date: today, status: 'draft', layout: 'standard' },
  }
  return Object.fromEntries(CONTENT_FIELDS[kind].map((field) => [field.name, defaults[kind]?.[field.name] ?? '']))
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { kind, id } = readEditorParams(params)
  const singular = CONTENT_LABELS[kind].singular
  let values = emptyValues(kind)
  let version = 0
  if (id !== null) {
    try {
      const record = await getContent(kind, id)
      values = recordToFormValues(kind, record)
      version = record.version
    } catch (error) {
      if (error instanceof ContentEditError) invariantResponse(false, error.message, error.status)
      throw error
    }
  }
  return {
    siteUrl: getEnv().SITE_URL,
    kind,
    id,
    title: id === null ? `New ${singular}` : `Edit ${singular}`,
    values,
    version,
    ...(await imageChoices()),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readEditorParams(params)
  return saveContentForm(kind, id, request, admin, context)
}

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, title, illustrations, uploads } = loaderData
  const labels = CONTENT_LABELS[kind]
  const conflict = actionData?.conflict ?? null
  return (
    <div className="max-w-4xl">
      <StaffHeader title={title} subtitle="Preview shows your unsaved changes as visitors would see them; nothing is saved until you save.">
        <Link to={`/admin/content/${kind}`} className={adminButtonClass}>
          Back to {labels.plural}
        </Link>
      </StaffHeader>
      {actionData?.formError ? (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{actionData.formError}</p>
          {conflict ? (
            <p className="mt-1 text-sm">
              Their version is shown under each field that differs. Change the form as you want it and save again to replace theirs, or go
              back to the list to keep theirs.
            </p>
          ) : null}
        </div>
      ) : null}
      <ContentEditor
        kind={kind}
        id={id}
        values={actionData?.values ?? loaderData.values}
        version={actionData?.version ?? loaderData.version}
        errors={actionData?.errors ?? {}}
        conflict={conflict}
        illustrations={illustrations}
        uploads={uploads}
        startsDirty={actionData !== undefined}
      />
    </div>
  )
}
