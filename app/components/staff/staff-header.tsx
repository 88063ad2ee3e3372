import type { ReactNode } from 'react'

/**
 * The top of every staff page: its title, an optional subtitle and the page's own buttons (the
 * console's frame holds the navigation and sign-out). Buttons are left out of printouts.
 */
export function StaffHeader({ title, subtitle, children }: { title: ReactNode; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-3 print:hidden">{children}</div> : null}
    </div>
  )
}
