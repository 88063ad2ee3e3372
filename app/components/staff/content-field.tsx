import { useState } from 'react'
import { illustrationName } from '#app/catalogue/illustrations'
import type { ContentKind, FieldSpec } from '#app/domain/content-rules'

// One field of the staff content form, drawn from its description in domain/content-rules.ts:
// a label, the control, a hint, the field's errors and, after a refused save, what the other person
// saved. Plain form controls, so the form works without JavaScript.

const CONTROL =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600'

const UPLOAD_PREFIX = '/uploads/'
const DEFAULT_NEWS_IMAGE = '/images/news/default.svg'

/** An upload the editor offers as a picture: its address and when it was uploaded, in words. */
export type UploadOption = { path: string; label: string }

export function ContentField({
  kind,
  field,
  value,
  errors,
  theirs,
  illustrations,
  uploads,
}: {
  kind: ContentKind
  field: FieldSpec
  value: string
  errors: string[] | undefined
  theirs: string | null
  illustrations: readonly string[]
  uploads: readonly UploadOption[]
}) {
  const id = `field-${field.name}`
  const describedBy = [errors?.length ? `${id}-error` : null, field.hint ? `${id}-hint` : null, theirs !== null ? `${id}-theirs` : null]
    .filter(Boolean)
    .join(' ')
  const common = { id, name: field.name, 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': describedBy || undefined }

  if (field.kind === 'checkbox') {
    return (
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" {...common} defaultChecked={value === 'on'} className="size-4" />
          {field.label}
        </label>
        <FieldNotes id={id} field={field} errors={errors} theirs={theirs === null ? null : theirs === 'on' ? 'checked' : 'not checked'} />
      </div>
    )
  }

  let control: React.ReactNode
  switch (field.kind) {
    case 'textarea':
    case 'lines':
      control = <textarea {...common} defaultValue={value} rows={field.kind === 'lines' ? 6 : 3} className={CONTROL} />
      break
    case 'markdown':
      control = <textarea {...common} defaultValue={value} rows={18} className={`${CONTROL} font-mono text-sm`} />
      break
    case 'date':
      control = <input type="date" {...common} defaultValue={value} className={CONTROL} />
      break
    case 'dollars':
      control = <input type="text" inputMode="decimal" {...common} defaultValue={value} className={CONTROL} />
      break
    case 'rating':
      control = <input type="number" min={1} max={5} step={1} {...common} defaultValue={value} className={CONTROL} />
      break
    case 'select':
      control = (
        <select {...common} defaultValue={value} className={CONTROL}>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      )
      break
    case 'image':
      return (
        <ImageControl kind={kind} field={field} common={common} value={value} illustrations={illustrations} uploads={uploads}>
          <FieldNotes id={id} field={field} errors={errors} theirs={theirs} />
        </ImageControl>
      )
    default:
      control = <input type="text" {...common} defaultValue={value} className={CONTROL} />
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {field.label}
      </label>
      {control}
      <FieldNotes id={id} field={field} errors={errors} theirs={theirs} />
    </div>
  )
}

/**
 * The picture: a radio group of thumbnails (the current upload, recent uploads, the illustrations)
 * and a file to upload, which wins when one is chosen. Plain controls, so it works without JavaScript.
 */
function ImageControl({
  kind,
  field,
  common,
  value,
  illustrations,
  uploads,
  children,
}: {
  kind: ContentKind
  field: FieldSpec
  common: { id: string; name: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }
  value: string
  illustrations: readonly string[]
  uploads: readonly UploadOption[]
  children: React.ReactNode
}) {
  const [fileName, setFileName] = useState('')
  const options: { path: string; value: string; label: string }[] = [
    ...(kind === 'news' ? [{ path: DEFAULT_NEWS_IMAGE, value: '', label: 'No picture (the logo)' }] : []),
    ...(value.startsWith(UPLOAD_PREFIX) && !uploads.some((upload) => upload.path === value)
      ? [{ path: value, value, label: 'Uploaded picture' }]
      : []),
    ...uploads.map((upload) => ({ path: upload.path, value: upload.path, label: upload.label })),
    ...illustrations.map((path) => ({ path, value: path, label: illustrationName(path) })),
  ]
  return (
    <fieldset aria-describedby={common['aria-describedby']} aria-invalid={common['aria-invalid']}>
      <legend className="block text-sm font-medium text-slate-700">{field.label}</legend>
      <div className="mt-2 grid max-h-[26rem] grid-cols-2 gap-2 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-2 sm:grid-cols-4 lg:grid-cols-5">
        {options.map((option, index) => (
          <label
            key={option.value || 'none'}
            className="group relative cursor-pointer rounded-lg border-2 border-transparent bg-white p-1 shadow-sm hover:border-slate-300 has-checked:border-brand-600 has-checked:ring-2 has-checked:ring-brand-600/30 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={common.name}
              id={index === 0 ? common.id : undefined}
              value={option.value}
              defaultChecked={option.value === value}
              className="sr-only"
            />
            <img
              src={option.path}
              alt=""
              width={160}
              height={100}
              loading="lazy"
              className="aspect-[8/5] w-full rounded-md bg-slate-100 object-cover"
            />
            <span className="mt-1 block truncate px-1 text-xs text-slate-700 group-has-checked:font-semibold group-has-checked:text-brand-800">
              {option.label}
            </span>
            <span
              aria-hidden="true"
              className="absolute top-2 right-2 hidden size-6 items-center justify-center rounded-full bg-brand-600 text-sm text-white group-has-checked:flex"
            >
              ✓
            </span>
          </label>
        ))}
      </div>
      <label className="mt-3 block cursor-pointer rounded-lg border-2 border-dashed border-slate-300 bg-white p-4 hover:border-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600">
        <span className="block text-sm">
          <span className="font-semibold text-brand-700">Or upload an image</span>{' '}
          <span className="text-slate-600">(PNG, JPEG or WebP, at most 2 MB)</span>
        </span>
        <input
          id={`${common.id}-file`}
          type="file"
          name="imageFile"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? '')}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
      </label>
      <p aria-live="polite" className="mt-1 text-sm text-slate-600">
        {fileName ? `${fileName} will be used instead of the picture chosen above.` : ''}
      </p>
      {children}
    </fieldset>
  )
}

function FieldNotes({ id, field, errors, theirs }: { id: string; field: FieldSpec; errors: string[] | undefined; theirs: string | null }) {
  return (
    <>
      {field.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {field.hint}
        </p>
      ) : null}
      {errors?.length ? (
        <div id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      {theirs !== null ? (
        <p id={`${id}-theirs`} className="mt-1 rounded bg-amber-50 p-2 text-sm whitespace-pre-line text-amber-900">
          <span className="font-semibold">Saved by someone else: </span>
          {theirs.length > 400 ? `${theirs.slice(0, 400)}…` : theirs || '(empty)'}
        </p>
      ) : null}
    </>
  )
}
