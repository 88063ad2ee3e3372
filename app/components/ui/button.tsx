import type { ButtonHTMLAttributes } from 'react'

// Button looks shared by real buttons and by links that read as buttons, so 'Get Started',
// 'Contact Us', 'Send Message' and the staff pages' buttons look alike everywhere; and the submit
// button that shows its form is busy.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-50'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  light: 'bg-white text-brand-700 hover:bg-brand-50',
  /** What cannot be undone (erasing a person's data). */
  danger: 'bg-red-700 text-white hover:bg-red-800',
  /** The way to a destructive step (which then asks on its own page). */
  dangerOutline: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
} as const

/** `xs`: the buttons of a table row (the staff list), several to a cell. */
const sizes = { md: 'px-5 py-3 text-sm', sm: 'px-4 py-2 text-sm', xs: 'gap-1 px-2 py-1 text-xs' } as const

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

export function buttonClasses(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md') {
  return `${base} ${sizes[size]} ${variants[variant]} ${extra}`.trim()
}

type StatusButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** From useIsPending(), a fetcher's state, or the work the page is doing. */
  pending: boolean
  /** SPEC's words while busy ('Sending...', 'Processing...'); without them the label stays beside the spinner. */
  pendingText?: string
  variant?: ButtonVariant
  size?: ButtonSize
  /** Keep only `className`: for a submit that reads as a menu item, like the staff sidebar's sign-out. */
  plain?: boolean
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
  plain = false,
  children,
  ...props
}: StatusButtonProps) {
  return (
    <button
      type="submit"
      onMouseDown={(event) => event.preventDefault()}
      {...props}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={plain ? className : buttonClasses(variant, className, size)}
    >
      {pending ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {pending && pendingText ? pendingText : children}
    </button>
  )
}
