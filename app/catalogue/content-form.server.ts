import { data } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import type { AdminUser } from '#app/staff/require-admin.server'
import {
  CONTENT_FIELDS,
  CONTENT_LABELS,
  type ContentKind,
  contentSchemas,
  formatArticleDate,
  formInput,
  isContentKind,
  slugFromTitle,
} from '#app/domain/content-rules'
import { fieldErrors } from '#app/domain/zod'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { type AnyRecord, ContentEditError, createContent, getContent, updateContent } from './content-editing.server'
import { ILLUSTRATIONS } from './illustrations'
import { renderMarkdown } from './markdown.server'
import type { NewsArticleView } from './news-view'
import { imageDimensions, listRecentUploads, storeUpload, UploadRefused } from './uploads.server'

// The staff edit form's server side (routes/admin/content-edit.tsx): a multipart form that works
// without JavaScript. Whatever goes wrong, the page comes back with what was typed, a message by
// each field, and nothing half-saved.

/** A form's text for each field, as the inputs show it. */
export type FormValues = Record<string, string>

/** The record's fields as form text: features one per line, flags 'on', prices with cents when they have them. */
export function recordToFormValues(kind: ContentKind, record: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const field of CONTENT_FIELDS[kind]) {
    const value = record[field.name]
    if (field.kind === 'lines') values[field.name] = Array.isArray(value) ? value.join('\n') : ''
    else if (field.kind === 'checkbox') values[field.name] = value === true ? 'on' : ''
    else if (field.kind === 'dollars')
      values[field.name] = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : ''
    else values[field.name] = value === null || value === undefined ? '' : String(value)
  }
  return values
}

export type ContentFormResult = {
  values: FormValues
  version: number
  formError: string
  errors: Record<string, string[]>
  /** After a refused save: the record as someone else saved it, so the editor can compare. */
  conflict: FormValues | null
}

const UPLOAD_FIELD = 'imageFile'

/** The editor's address: /admin/content/<kind>/<id or new>[/…]. */
export function readEditorParams(params: { kind: string; id: string }): { kind: ContentKind; id: number | null } {
  invariantResponse(isContentKind(params.kind), 'There is no such kind of content', 404)
  if (params.id === 'new') return { kind: params.kind, id: null }
  invariantResponse(/^\d{1,9}$/.test(params.id), 'There is no such record', 404)
  return { kind: params.kind, id: Number(params.id) }
}

const uploadDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' })

/** The pictures the editor offers: the illustrations and the newest uploads, named in words. */
export async function imageChoices() {
  const uploads = await listRecentUploads()
  return {
    illustrations: ILLUSTRATIONS,
    uploads: uploads.map((upload) => ({ path: upload.path, label: `Upload, ${uploadDay.format(upload.uploadedAt)}` })),
  }
}

/**
 * The form's text and the version it started from; a chosen file is stored first and becomes the
 * image (a refused one is the `refused` message, and the rest of the form is kept).
 */
async function readContentForm(kind: ContentKind, request: Request, admin: AdminUser) {
  const form = await readFormWithLimit(request, BODY_LIMITS.contentEditing)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  const values: FormValues = Object.fromEntries(CONTENT_FIELDS[kind].map((field) => [field.name, text(field.name) ?? '']))
  const version = Number(text('version'))
  let refused: string | null = null
  const file = form.get(UPLOAD_FIELD)
  if (file instanceof File && file.size > 0) {
    try {
      values.image = (await storeUpload(file, admin.username)).path
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error
      refused = error.message
    }
  }
  // A new article without a slug gets one from its title (the form says which it got).
  if (kind === 'news' && !values.slug?.trim() && values.title) values.slug = slugFromTitle(values.title)
  return { values, version: Number.isInteger(version) ? version : undefined, refused }
}

/**
 * Saves the form: the image upload first (refused uploads store nothing and keep the rest of the
 * form), then the create or update through content-editing.server.ts. Redirects to the list with a
 * toast when saved; otherwise answers the form's state with 400, 404 or 409.
 */
export async function saveContentForm(
  kind: ContentKind,
  id: number | null,
  request: Request,
  admin: AdminUser,
  context: Pick<RouterContextProvider, 'get'>,
) {
  const { values, version, refused } = await readContentForm(kind, request, admin)
  const answer = (status: number, result: Partial<ContentFormResult>) =>
    data<ContentFormResult>({ values, version: version ?? 0, formError: '', errors: {}, conflict: null, ...result }, { status })
  if (refused) return answer(400, { formError: refused, errors: { image: [refused] } })

  const edit = { actor: { id: admin.id, username: admin.username }, context }
  const singular = CONTENT_LABELS[kind].singular
  try {
    const input = formInput(kind, (name) => values[name] ?? null)
    const saved = id === null ? await createContent(kind, input, edit) : await updateContent(kind, id, input, version, edit)
    const name = String((saved as AnyRecord).name ?? (saved as AnyRecord).title ?? '')
    return await redirectWithToast(`/admin/content/${kind}`, {
      title: id === null ? `New ${singular} saved` : 'Changes saved',
      description: `${name} is saved; the site shows it now.`,
    })
  } catch (error) {
    if (!(error instanceof ContentEditError)) throw error
    if (error.status === 409 && error.current) {
      // The form keeps what this editor typed; its version becomes the saved one, so saving again
      // is a deliberate choice to replace the other person's changes, made after seeing them.
      return answer(409, { formError: error.message, conflict: recordToFormValues(kind, error.current), version: error.current.version })
    }
    return answer(error.status, { formError: error.message, errors: error.errors })
  }
}

/** What the preview draws: the kind's public rendering, fed with the unsaved form. */
export type ContentPreview =
  | { kind: 'news'; article: NewsArticleView }
  | {
      kind: 'services'
      service: { id: number; name: string; description: string; shortDescription: string; image: string; features: string[] }
    }
  | { kind: 'solutions'; solution: { id: number; name: string; description: string; industry: string; image: string; features: string[] } }
  | { kind: 'plans'; plan: { id: number; name: string; description: string; price: number; features: string[]; popular: boolean } }
  | { kind: 'testimonials'; testimonial: { id: number; name: string; company: string; text: string; rating: number } }

export type PreviewResult = {
  values: FormValues
  version: number
  formError: string
  errors: Record<string, string[]>
  preview: ContentPreview | null
}

/**
 * The preview: the posted form checked by the kind's schema and drawn as the site would draw it,
 * never saved (only a chosen file is stored, as an upload to pick). Bad input is status 400 with
 * the form as typed and a message by each field.
 */
export async function previewContentForm(kind: ContentKind, id: number | null, request: Request, admin: AdminUser) {
  if (id !== null) {
    try {
      await getContent(kind, id)
    } catch (error) {
      if (error instanceof ContentEditError) invariantResponse(false, error.message, error.status)
      throw error
    }
  }
  const { values, version, refused } = await readContentForm(kind, request, admin)
  const answer = (status: 200 | 400, result: Partial<PreviewResult>) => ({
    status,
    result: { values, version: version ?? 0, formError: '', errors: {}, preview: null, ...result } satisfies PreviewResult,
  })
  if (refused) return answer(400, { formError: refused, errors: { image: [refused] } })
  const parsed = contentSchemas[kind].safeParse(formInput(kind, (name) => values[name] ?? null))
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return answer(400, { formError: 'The preview needs the fields marked below.', errors })
  }
  const input = parsed.data as Record<string, unknown>
  const image = typeof input.image === 'string' ? input.image : null
  const size = image ? await imageDimensions(image) : null
  if (image && !size) {
    const message = 'That image does not exist. Choose an illustration or upload the image again.'
    return answer(400, { formError: message, errors: { image: [message] } })
  }
  return answer(200, { preview: toPreview(kind, id ?? 0, input, size) })
}

function toPreview(
  kind: ContentKind,
  id: number,
  input: Record<string, unknown>,
  size: { width: number; height: number } | null,
): ContentPreview {
  const string = (name: string) => String(input[name] ?? '')
  const features = (input.features as string[] | undefined) ?? []
  switch (kind) {
    case 'news':
      return {
        kind,
        article: {
          id,
          slug: string('slug'),
          title: string('title'),
          date: formatArticleDate(string('date')),
          isoDate: string('date'),
          excerpt: string('excerpt'),
          image: (input.image as string | null) ?? null,
          imageWidth: size?.width ?? 800,
          imageHeight: size?.height ?? 500,
          layout: input.layout as NewsArticleView['layout'],
          status: input.status as NewsArticleView['status'],
          bodyHtml: renderMarkdown(string('body')),
        },
      }
    case 'services':
      return {
        kind,
        service: {
          id,
          name: string('name'),
          description: string('description'),
          shortDescription: string('shortDescription'),
          image: string('image'),
          features,
        },
      }
    case 'solutions':
      return {
        kind,
        solution: {
          id,
          name: string('name'),
          description: string('description'),
          industry: string('industry'),
          image: string('image'),
          features,
        },
      }
    case 'plans':
      return {
        kind,
        plan: {
          id,
          name: string('name'),
          description: string('description'),
          price: Number(input.price),
          features,
          popular: input.popular === true,
        },
      }
    case 'testimonials':
      return {
        kind,
        testimonial: { id, name: string('name'), company: string('company'), text: string('text'), rating: Number(input.rating) },
      }
  }
}
