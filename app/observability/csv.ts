// RFC 4180 CSV with spreadsheet formula injection neutralised (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One text cell: a leading = + - @ (or tab/CR) gets a ' so spreadsheets show it as text. */
export function csvTextCell(value: string | null | undefined): string {
  let text = value ?? ''
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvNumberCell(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : ''
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvRow(cells: string[]): string {
  return `${cells.join(',')}\r\n`
}
