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

/** The message under a control, with the id its control's aria-describedby points at. */
export function FieldMessage({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  )
}

/**
 * A labelled text input kept in component state (the payment modal, the chat's contact dialog),
 * for forms that are not conform forms; its message is wired the same way as Field's.
 */
export function TextField({
  id,
  label,
  error,
  onChange,
  ...input
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className'> & {
  id: string
  label: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        {...input}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={CONTROL_CLASS}
      />
      {error ? <FieldMessage id={errorId}>{error}</FieldMessage> : null}
    </div>
  )
}
