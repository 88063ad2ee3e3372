import { Form, Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { ContentField } from '#app/components/staff/content-field'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { ContentEditError, getContent } from '#app/catalogue/content-editing.server'
import { recordToFormValues, saveContentForm } from '#app/catalogue/content-form.server'
import { ILLUSTRATIONS } from '#app/catalogue/illustrations'
import { CONTENT_FIELDS, CONTENT_LABELS, type ContentKind, isContentKind } from '#app/domain/content-rules'
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

function readParams(params: { kind: string; id: string }): { kind: ContentKind; id: number | null } {
  invariantResponse(isContentKind(params.kind), 'There is no such kind of content', 404)
  if (params.id === 'new') return { kind: params.kind, id: null }
  invariantResponse(/^\d{1,9}$/.test(params.id), 'There is no such record', 404)
  return { kind: params.kind, id: Number(params.id) }
}

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
  const { kind, id } = readParams(params)
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
    illustrations: ILLUSTRATIONS,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readParams(params)
  return saveContentForm(kind, id, request, admin, context)
}

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, title, illustrations } = loaderData
  const values = actionData?.values ?? loaderData.values
  const version = actionData?.version ?? loaderData.version
  const errors = actionData?.errors ?? {}
  const conflict = actionData?.conflict ?? null
  const saving = useIsPending()
  const labels = CONTENT_LABELS[kind]
  return (
    <div className="max-w-3xl">
      <StaffHeader title={title}>
        <Link to={`/admin/content/${kind}`} className={adminButtonClass}>
          Back to {labels.plural}
        </Link>
        {kind === 'news' && id !== null && loaderData.values.slug ? (
          <a href={`/news/${loaderData.values.slug}`} className={adminButtonClass} target="_blank" rel="noreferrer">
            Preview
          </a>
        ) : null}
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
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-8 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        noValidate
      >
        <input type="hidden" name="version" value={version} />
        {CONTENT_FIELDS[kind].map((field) => (
          <ContentField
            key={`${field.name}-${version}-${field.kind === 'image' ? (values[field.name] ?? '') : ''}`}
            kind={kind}
            field={field}
            value={values[field.name] ?? ''}
            errors={errors[field.name]}
            theirs={conflict && conflict[field.name] !== values[field.name] ? (conflict[field.name] ?? '') : null}
            illustrations={illustrations}
          />
        ))}
        <div className="flex gap-3 pt-2">
          <StatusButton pending={saving} pendingText="Saving...">
            {id === null ? `Create ${labels.singular}` : 'Save changes'}
          </StatusButton>
          <Link to={`/admin/content/${kind}`} className={buttonClasses('outline')}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  )
}
