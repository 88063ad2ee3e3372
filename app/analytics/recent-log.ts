// The Raw Logs tab's latest requests, kept by each instance (see models/access-log-recent.server.ts).
export const RECENT_LOG_LIMIT = 1000

export type LogLine = {
  timestamp: Date
  method: string
  path: string
  status: number
  responseTimeMs: number
  visitorKey: string
  userAgent?: string | null
  referrer?: string | null
}

/** One request, one line, starting with its ISO time so lines sort by time as text. */
export function formatLogLine(entry: LogLine): string {
  const parts = [
    entry.timestamp.toISOString(),
    entry.method,
    entry.path,
    String(entry.status),
    `${entry.responseTimeMs.toFixed(2)}ms`,
    `visitor=${entry.visitorKey}`,
  ]
  if (entry.referrer) parts.push(`referrer=${JSON.stringify(entry.referrer)}`)
  if (entry.userAgent) parts.push(JSON.stringify(entry.userAgent))
  // Paths and headers can't hold raw line breaks here, but keep one request per line regardless.
  return parts.join(' ').replace(/[\r\n]/g, ' ')
}

/** Keeps the newest `limit` entries by time (newest first). */
export function keepNewest<T extends { timestamp: Date }>(entries: T[], limit = RECENT_LOG_LIMIT): T[] {
  return entries.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime()).slice(0, limit)
}

export function recentLogDocument(instanceId: string, entries: LogLine[], now = new Date()) {
  const newest = keepNewest([...entries])
  return { _id: `${instanceId}:recent`, lines: newest.map(formatLogLine).join('\n'), newestAt: newest[0]?.timestamp ?? now, updatedAt: now }
}

/** Merges instances' recent lines: newest first, only those at or after `since`. */
export function mergeRecentLines(texts: string[], since: Date, limit = RECENT_LOG_LIMIT): string {
  const sinceText = since.toISOString()
  const lines = texts.flatMap((text) => (text ? text.split('\n') : [])).filter((line) => line.slice(0, 24) >= sinceText)
  return lines
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, limit)
    .join('\n')
}
