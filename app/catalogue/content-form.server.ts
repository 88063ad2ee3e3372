import { data } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import type { AdminUser } from '#app/staff/require-admin.server'
import { CONTENT_FIELDS, CONTENT_LABELS, type ContentKind, formInput, slugFromTitle } from '#app/domain/content-rules'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { type AnyRecord, ContentEditError, createContent, updateContent } from './content-editing.server'
import { storeUpload, UploadRefused } from './uploads.server'

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
  const form = await readFormWithLimit(request, BODY_LIMITS.contentEditing)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  const values: FormValues = Object.fromEntries(CONTENT_FIELDS[kind].map((field) => [field.name, text(field.name) ?? '']))
  const version = Number(text('version'))
  const answer = (status: number, result: Partial<ContentFormResult>) =>
    data<ContentFormResult>({ values, version, formError: '', errors: {}, conflict: null, ...result }, { status })

  const file = form.get(UPLOAD_FIELD)
  if (file instanceof File && file.size > 0) {
    try {
      values.image = (await storeUpload(file, admin.username)).path
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error
      return answer(400, { formError: error.message, errors: { image: [error.message] } })
    }
  }

  // A new article without a slug gets one from its title (the form says which it got).
  if (kind === 'news' && !values.slug?.trim() && values.title) values.slug = slugFromTitle(values.title)

  const edit = { actor: { id: admin.id, username: admin.username }, context }
  const singular = CONTENT_LABELS[kind].singular
  try {
    const input = formInput(kind, (name) => values[name] ?? null)
    const saved =
      id === null
        ? await createContent(kind, input, edit)
        : await updateContent(kind, id, input, Number.isInteger(version) ? version : undefined, edit)
    const name = String((saved as AnyRecord).name ?? (saved as AnyRecord).title ?? '')
    return redirectWithToast(`/admin/content/${kind}`, {
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
