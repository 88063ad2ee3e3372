import type { ReactNode } from 'react'

/**
 * An amber box for what the reader must know before going on: a link that no longer works, a step
 * still to take. An alert by default, so a screen reader announces it; a status where it only informs.
 */
export function Warning({
  children,
  role = 'alert',
  className = '',
}: {
  children: ReactNode
  role?: 'alert' | 'status'
  className?: string
}) {
  return (
    <p role={role} className={`rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 ${className}`.trim()}>
      {children}
    </p>
  )
}
