import { accessLogLines } from '#app/analytics/access-analytics.server'
import type { LogLine } from '#app/analytics/recent-log'

/** Every request the access log holds for the last 24 hours, as the CSV export reads them. */
export async function recordedRequests(): Promise<LogLine[]> {
  const lines: LogLine[] = []
  for await (const line of accessLogLines()) lines.push(line)
  return lines
}
