import type { ReactNode } from 'react'

export type StaffColumn = { label: string; align?: 'left' | 'right' }

/** The staff pages' list table: column headings, one row per record (rows from the page), and a count under it. */
export function StaffTable({ columns, footnote, children }: { columns: StaffColumn[]; footnote?: ReactNode; children: ReactNode }) {
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={`py-2 ${index < columns.length - 1 ? 'pr-4' : ''} ${column.align === 'right' ? 'text-right' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footnote ? <p className="mt-2 text-sm text-slate-500">{footnote}</p> : null}
    </div>
  )
}
