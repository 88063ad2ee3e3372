// RFC 4180 CSV with spreadsheet formula injection neutralised (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One text cell, always quoted (so no reader guesses it is a number or a date, and nothing in it can
 * end the cell early); a leading = + - @ (or tab/CR) gets a ' so spreadsheets show it as text. An
 * absent value is an empty, unquoted cell.
 */
export function csvTextCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return `"${text.replace(/"/g, '""')}"`
}

export function csvNumberCell(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : ''
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvRow(cells: string[]): string {
  return `${cells.join(',')}\r\n`
}
