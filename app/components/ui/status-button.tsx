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

/** A submit button that shows its form is busy: disabled, with a spinner and SPEC's pending words. */
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
