import type { ContentKind, FieldSpec } from '#app/domain/content-rules'

// One field of the staff content form, drawn from its description in domain/content-rules.ts:
// a label, the control, a hint, the field's errors and, after a refused save, what the other person
// saved. Plain form controls, so the form works without JavaScript.

const CONTROL =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600'

const UPLOAD_PREFIX = '/uploads/'

function illustrationLabel(path: string) {
  const [, , folder, file] = path.split('/')
  return `${folder}: ${file!.replace(/\.svg$/, '').replaceAll('-', ' ')}`
}

export function ContentField({
  kind,
  field,
  value,
  errors,
  theirs,
  illustrations,
}: {
  kind: ContentKind
  field: FieldSpec
  value: string
  errors: string[] | undefined
  theirs: string | null
  illustrations: readonly string[]
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
              {option}
            </option>
          ))}
        </select>
      )
      break
    case 'image':
      control = <ImageControl kind={kind} common={common} value={value} illustrations={illustrations} />
      break
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

/** An illustration to pick, the current upload, or a new file (which wins when one is chosen). */
function ImageControl({
  kind,
  common,
  value,
  illustrations,
}: {
  kind: ContentKind
  common: { id: string; name: string }
  value: string
  illustrations: readonly string[]
}) {
  const uploaded = value.startsWith(UPLOAD_PREFIX)
  return (
    <div className="mt-1 space-y-3">
      {value ? (
        <img
          src={value}
          alt="The image chosen now"
          width={200}
          height={125}
          className="aspect-[8/5] w-48 rounded-md bg-slate-100 object-cover"
        />
      ) : null}
      <select {...common} defaultValue={value} className={CONTROL}>
        {kind === 'news' ? <option value="">Default image (the logo)</option> : <option value="">Choose an illustration</option>}
        {uploaded ? <option value={value}>Uploaded image</option> : null}
        {illustrations.map((path) => (
          <option key={path} value={path}>
            {illustrationLabel(path)}
          </option>
        ))}
      </select>
      <div>
        <label htmlFor={`${common.id}-file`} className="block text-sm text-slate-700">
          Or upload an image (PNG, JPEG or WebP, at most 2 MB)
        </label>
        <input
          id={`${common.id}-file`}
          type="file"
          name="imageFile"
          accept="image/png,image/jpeg,image/webp"
          className="mt-1 block text-sm text-slate-700"
        />
      </div>
    </div>
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
