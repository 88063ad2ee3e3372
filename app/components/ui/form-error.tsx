/**
 * A form's own message (not one field's): what the server refused and why. `id` is conform's
 * `form.errorId`, so the form's `aria-describedby` points at it.
 */
export function FormError({ errors, id }: { errors: string[] | undefined; id: string }) {
  return errors ? (
    <p id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      {errors.join(' ')}
    </p>
  ) : null
}
