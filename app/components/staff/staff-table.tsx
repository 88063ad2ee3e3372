import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'

export type StaffColumn = { label: string; align?: 'left' | 'right' }

type CellProps = { children?: ReactNode; 'data-label'?: string }

/** Gives each cell of a row its column's name, which a phone shows beside the value (styles/staff.css). */
function labelCells(row: ReactNode, columns: StaffColumn[]): ReactNode {
  if (!isValidElement<CellProps>(row) || row.type !== 'tr') return row
  let index = 0
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement<CellProps>(cell) || cell.type !== 'td') return cell
    const column = columns[index++]
    return column && cell.props['data-label'] === undefined
      ? cloneElement(cell as ReactElement<CellProps>, { 'data-label': column.label })
      : cell
  })
  return cloneElement(row, {}, cells)
}

/**
 * The staff pages' list table: column headings, one row per record (rows from the page), and a
 * count under it. Below 640 px each row is a card (styles/staff.css, `.staff-table`): the cells stack with
 * their column's name, nothing runs off the screen, and where the last cell holds the row's one
 * link, the whole card is that link.
 */
export function StaffTable({
  columns,
  footnote,
  children,
  linkedRows = true,
}: {
  columns: StaffColumn[]
  footnote?: ReactNode
  children: ReactNode
  /** False where the last cell holds forms or several links (the staff list): no card-wide link. */
  linkedRows?: boolean
}) {
  return (
    <div className="mt-6 sm:overflow-x-auto">
      <table className={`staff-table w-full text-left text-sm ${linkedRows ? 'staff-table-linked' : ''}`}>
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
        <tbody>{Children.map(children, (row) => labelCells(row, columns))}</tbody>
      </table>
      {footnote ? <p className="mt-2 text-sm text-slate-500">{footnote}</p> : null}
    </div>
  )
}
