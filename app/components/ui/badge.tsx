import type { ReactNode } from 'react'

/** A small pill label, e.g. 'Most Popular' on a plan card. */
export function Badge({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold tracking-wide text-white ${className}`}
    >
      {children}
    </span>
  )
}
