import type { ButtonHTMLAttributes } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button'

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** From useIsPending(), a fetcher's state, or the work the page is doing. */
  pending: boolean
  /** SPEC's words while busy ('Sending...', 'Processing...'); without them the label stays beside the spinner. */
  pendingText?: string
  variant?: ButtonVariant
  size?: ButtonSize
}

/**
 * A submit button that shows its form is busy: disabled, with a spinner and SPEC's pending words.
 * Pressing it does not take the focus from the field being typed in: that field's blur check would
 * show its message, and a message that wraps moved the button from under the pointer before the
 * click landed, so the send was lost (found by the e2e tests). The submit checks every field anyway.
 */
export function StatusButton({
  pending,
  pendingText,
  variant = 'primary',
  size = 'md',
  className = '',
  disabled,
  children,
  ...props
}: Props) {
  return (
    <button
      type="submit"
      onMouseDown={(event) => event.preventDefault()}
      {...props}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses(variant, className, size)}
    >
      {pending ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {pending && pendingText ? pendingText : children}
    </button>
  )
}
