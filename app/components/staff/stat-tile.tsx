import type { ReactNode } from 'react'

/** One figure and its label in a grid of figures: a tile, not a `Card`, as it has no heading of its own. */
export function StatTile({ label, value, children }: { label: ReactNode; value: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      {children}
    </div>
  )
}
