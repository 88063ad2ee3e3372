// The access log is stored one document per write, holding that write's requests as text: one
// request a line, its fields separated by tabs. A document per request cost the database about
// 100 µs of CPU per request under load (FerretDB), more than serving a cached page; one text per
// batch costs it almost nothing, and the only reader (the CSV export) reads the whole window anyway.
import type { LogLine } from './recent-log'

const FIELD_SEPARATOR = '\t'
const ROW_SEPARATOR = '\n'
const NEEDS_ESCAPE = /[\\\t\n\r]/
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' }

/** What one batch document holds: its rows as text, and the time span they cover. */
export type AccessLogBatchFields = { from: Date; to: Date; count: number; rows: string }

function escapeField(text: string | null | undefined): string {
  if (!text) return ''
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character]!) : text
}

function unescapeField(text: string): string {
  return text.includes('\\') ? text.replace(/\\(.)/g, (_, character: string) => UNESCAPES[character] ?? character) : text
}

function encodeLine(line: LogLine): string {
  return [
    String(line.timestamp.getTime()),
    escapeField(line.method),
    escapeField(line.path),
    String(line.status),
    String(line.responseTimeMs),
    escapeField(line.visitorKey),
    escapeField(line.userAgent),
    escapeField(line.referrer),
  ].join(FIELD_SEPARATOR)
}

function decodeLine(row: string): LogLine {
  const [timestamp, method, path, status, responseTimeMs, visitorKey, userAgent, referrer] = row.split(FIELD_SEPARATOR)
  return {
    timestamp: new Date(Number(timestamp)),
    method: unescapeField(method ?? ''),
    path: unescapeField(path ?? ''),
    status: Number(status),
    responseTimeMs: Number(responseTimeMs),
    visitorKey: unescapeField(visitorKey ?? ''),
    // Absent and empty headers read back alike: both are an empty cell in the CSV.
    userAgent: userAgent ? unescapeField(userAgent) : undefined,
    referrer: referrer ? unescapeField(referrer) : undefined,
  }
}

/** A batch of requests, in the order they finished, as one document's fields. */
export function accessLogBatch(lines: LogLine[]): AccessLogBatchFields {
  if (lines.length === 0) throw new Error('an access-log batch holds at least one request')
  let from = lines[0]!.timestamp
  let to = from
  for (const line of lines) {
    if (line.timestamp < from) from = line.timestamp
    if (line.timestamp > to) to = line.timestamp
  }
  return { from, to, count: lines.length, rows: lines.map(encodeLine).join(ROW_SEPARATOR) }
}

/** A batch's requests, newest first, only those at or after `since`. */
export function batchLinesNewestFirst(rows: string, since: Date): LogLine[] {
  const lines: LogLine[] = []
  const texts = rows ? rows.split(ROW_SEPARATOR) : []
  for (let i = texts.length - 1; i >= 0; i--) {
    const line = decodeLine(texts[i]!)
    if (line.timestamp >= since) lines.push(line)
  }
  // Requests are appended as they finish, so this is nearly sorted already.
  return lines.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
}
