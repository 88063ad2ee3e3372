import type { FieldMetadata } from '@conform-to/react'

export const CONTROL_CLASS =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600'

/**
 * A labelled form control with its error list under it, wired by conform's ids (the control gets
 * aria-invalid and aria-describedby from getInputProps), so every form is accessible the same way.
 * The error area keeps its height, so a message appearing does not shift the form.
 */
export function Field({
  label,
  field,
  render,
}: {
  label: string
  field: FieldMetadata<string | undefined>
  render: (props: { className: string }) => React.ReactNode
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {render({ className: CONTROL_CLASS })}
      <div id={field.errorId} className="min-h-5 pt-1 text-sm text-red-700">
        {field.errors?.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    </div>
  )
}
