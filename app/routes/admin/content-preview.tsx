import { useEffect } from 'react'
import { data, Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { ContentEditor, contentEditorPath } from '#app/components/staff/content-editor'
import { StaffHeader } from '#app/components/staff/staff-header'
import { FeatureArticle } from '#app/components/news/feature-article'
import { StandardArticle } from '#app/components/news/standard-article'
import { PricingSection } from '#app/components/home/pricing-section'
import { ServicesSection } from '#app/components/home/services-section'
import { SolutionsSection } from '#app/components/home/solutions-section'
import { TestimonialsSection } from '#app/components/home/testimonials-section'
import { type ContentPreview, imageChoices, previewContentForm, readEditorParams } from '#app/catalogue/content-form.server'
import { CONTENT_LABELS } from '#app/domain/content-rules'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/content-preview'

// The editor's Preview button posts the whole form here: the unsaved edit is drawn as the public
// site draws it, rendered on the server (so it works without JavaScript), above the same form
// filled in as it was. Nothing is saved. There is no loader: a loader runs after the action too, and
// the page has nothing to show without a posted form.

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ title: 'Preview of unsaved changes', description: 'A preview.', path: location.pathname, siteUrl: '', noindex: true })

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readEditorParams(params)
  const [{ status, result }, choices] = await Promise.all([previewContentForm(kind, id, request, admin), imageChoices()])
  return data({ kind, id, ...result, ...choices }, { status })
}

function PublicRendering({ preview }: { preview: ContentPreview }) {
  switch (preview.kind) {
    case 'news':
      return preview.article.layout === 'featured' ? (
        <FeatureArticle article={preview.article} inPreview />
      ) : (
        <StandardArticle article={preview.article} inPreview />
      )
    case 'services':
      return <ServicesSection services={{ ok: true, items: [preview.service] }} />
    case 'solutions':
      return <SolutionsSection solutions={{ ok: true, items: [preview.solution] }} />
    case 'plans':
      return <PricingSection plans={{ ok: true, items: [preview.plan] }} />
    case 'testimonials':
      return <TestimonialsSection testimonials={[preview.testimonial]} />
  }
}

export default function ContentPreviewPage({ actionData, params }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <div className="max-w-3xl">
        <StaffHeader title="Nothing to preview" />
        <p className="mt-4 text-slate-700">
          A preview shows the changes in the editor&apos;s form. Open the editor and press Preview there.
        </p>
        <p className="mt-4">
          <Link to={`/admin/content/${params.kind}/${params.id}`} className={adminButtonClass}>
            Open the editor
          </Link>
        </p>
      </div>
    )
  }
  return <Preview {...actionData} />
}

function Preview({
  kind,
  id,
  preview,
  values,
  version,
  errors,
  formError,
  illustrations,
  uploads,
}: NonNullable<Route.ComponentProps['actionData']>) {
  // A client-side submission keeps the scroll position of the form; the preview is at the top.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [preview, formError])
  const labels = CONTENT_LABELS[kind]
  const name = values.title || values.name || `the ${labels.singular}`
  return (
    <div className="max-w-6xl">
      <StaffHeader title={`Preview: ${name}`} subtitle="Your unsaved changes, as visitors would see them. Nothing is saved yet.">
        <a href="#editor" className={adminButtonClass}>
          Back to editing
        </a>
        <Link to={contentEditorPath(kind, id)} className={adminButtonClass}>
          Discard changes
        </Link>
      </StaffHeader>
      {formError ? (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{formError}</p>
        </div>
      ) : null}
      {preview ? (
        <section
          aria-labelledby="preview-heading"
          className="mt-6 overflow-hidden rounded-xl border-2 border-dashed border-amber-400 bg-white"
        >
          <h2 id="preview-heading" className="bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-950">
            Preview, not saved: save the form below to publish these changes
          </h2>
          {/* The public page's own markup; its links lead away from the unsaved form, so the page asks first. */}
          <PublicRendering preview={preview} />
        </section>
      ) : null}
      <h2 id="editor" className="mt-10 scroll-mt-4 text-xl font-semibold text-slate-900">
        Keep editing
      </h2>
      <ContentEditor
        kind={kind}
        id={id}
        values={values}
        version={version}
        errors={errors}
        conflict={null}
        illustrations={illustrations}
        uploads={uploads}
        startsDirty
      />
    </div>
  )
}
