// No min/max attributes: the browser would block the form with its own bubble, and SPEC keeps the
// bounds unshown until a count is out of range; the server's message then says what is allowed.
type Props = { value: string; error: string | null; onChange?: (value: string) => void }

/** The seat count for Microsoft 365 (and backup); shown only with an option other than none. */
export function UsersField({ value, error, onChange }: Props) {
  return (
    <div>
      <label htmlFor="ms365-users" className="text-sm font-semibold text-slate-900">
        Number of users
      </label>
      <input
        id="ms365-users"
        name="ms365_users"
        type="number"
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange?.(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ms365-users-error' : undefined}
        className={`mt-1 block w-32 rounded-md border px-3 py-2 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {error ? (
        <p id="ms365-users-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
