import type { ReactNode } from 'react'
import { LogoutButton } from './admin-buttons'

/**
 * The top of every staff page: its title, an optional subtitle, the page's own buttons and, last,
 * Logout (SPEC §2 lists it on each staff page). Buttons are left out of printouts.
 */
export function StaffHeader({ title, subtitle, children }: { title: ReactNode; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      <div className="flex flex-wrap gap-3 print:hidden">
        {children}
        <LogoutButton />
      </div>
    </div>
  )
}
