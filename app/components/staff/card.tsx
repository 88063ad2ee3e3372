import type { ReactNode } from 'react'

/**
 * One panel of a staff page, with its heading. Not a named region, so its heading never doubles as
 * a form field's name. `id` goes on the section, so a redirect can return to it (`#saved-replies`).
 */
export function Card({ title, id, children, className = '' }: { title: string; id?: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} className={`min-w-0 scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}
