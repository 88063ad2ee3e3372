import type { AccessAnalytics } from '#app/domain/access-analytics'
import { AccessLogEntry } from '#app/models/access-log.server'
import { csvNumberCell, csvRow, csvTextCell } from './csv'

// Staff see the last 24 hours (SPEC §2 Access logs). Queries stay within $match/$group/$sort/
// $limit/$project so they run on MongoDB and FerretDB alike.
export const ANALYTICS_WINDOW_MS = 24 * 60 * 60 * 1000
export const RAW_LOG_LIMIT = 1000
export const TOP_PAGES_LIMIT = 10

function sinceFilter(now: Date) {
  return { timestamp: { $gte: new Date(now.getTime() - ANALYTICS_WINDOW_MS) } }
}

export async function getAccessAnalytics(now = new Date()): Promise<AccessAnalytics> {
  const match = { $match: sinceFilter(now) }
  // One accumulator per $group: FerretDB 1.24 returns 0 for every accumulator after the first in a
  // $group stage (and has no $avg), so the sums come from separate pipelines, run in parallel.
  const [byStatus, timeTotal, topPages, visitors] = await Promise.all([
    AccessLogEntry.aggregate<{ _id: number; count: number }>([match, { $group: { _id: '$status', count: { $sum: 1 } } }]),
    AccessLogEntry.aggregate<{ totalTimeMs: number }>([match, { $group: { _id: null, totalTimeMs: { $sum: '$responseTimeMs' } } }]),
    AccessLogEntry.aggregate<{ _id: string; count: number }>([
      match,
      { $group: { _id: '$path', count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
      { $limit: TOP_PAGES_LIMIT },
    ]),
    AccessLogEntry.aggregate<{ count: number }>([match, { $group: { _id: '$visitorKey' } }, { $group: { _id: null, count: { $sum: 1 } } }]),
  ])
  const totalRequests = byStatus.reduce((sum, row) => sum + row.count, 0)
  const totalTimeMs = timeTotal[0]?.totalTimeMs ?? 0
  return {
    totalRequests,
    uniqueVisitors: visitors[0]?.count ?? 0,
    responseTimeAvg: totalRequests ? totalTimeMs / totalRequests : 0,
    httpStatusCodes: Object.fromEntries(byStatus.sort((a, b) => a._id - b._id).map((row) => [String(row._id), row.count])),
    mostVisitedPages: topPages.map((row) => ({ url: row._id, count: row.count })),
  }
}

type LogLine = { timestamp: Date; method: string; path: string; status: number; responseTimeMs: number; visitorKey: string; userAgent?: string | null; referrer?: string | null }

export function formatLogLine(entry: LogLine): string {
  const parts = [entry.timestamp.toISOString(), entry.method, entry.path, String(entry.status), `${entry.responseTimeMs.toFixed(2)}ms`, `visitor=${entry.visitorKey}`]
  if (entry.referrer) parts.push(`referrer=${JSON.stringify(entry.referrer)}`)
  if (entry.userAgent) parts.push(JSON.stringify(entry.userAgent))
  return parts.join(' ')
}

/** The latest requests of the window, newest first, one a line. */
export async function getRawAccessLog(now = new Date(), limit = RAW_LOG_LIMIT): Promise<string> {
  const entries = await AccessLogEntry.find(sinceFilter(now)).sort({ timestamp: -1 }).limit(limit).lean<LogLine[]>()
  return entries.map(formatLogLine).join('\n')
}

export const CSV_HEADER = ['timestamp', 'method', 'path', 'status', 'response_time_ms', 'visitor_key', 'user_agent', 'referrer']
const ROWS_PER_CHUNK = 500

export function accessLogCsvFileName(now = new Date()) {
  return `access-logs-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * The window's entries as CSV, newest first, read through a cursor and written in small chunks as
 * the client takes them (pull-based), so memory stays flat whatever the number of entries.
 */
export function accessLogCsvStream(now = new Date()): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const cursor = AccessLogEntry.find(sinceFilter(now)).sort({ timestamp: -1 }).lean<LogLine>().cursor({ batchSize: 1000 })
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvRow(CSV_HEADER)))
      },
      async pull(controller) {
        let chunk = ''
        for (let i = 0; i < ROWS_PER_CHUNK; i++) {
          const entry = (await cursor.next()) as LogLine | null
          if (!entry) {
            if (chunk) controller.enqueue(encoder.encode(chunk))
            controller.close()
            await cursor.close()
            return
          }
          chunk += csvRow([
            csvTextCell(entry.timestamp.toISOString()),
            csvTextCell(entry.method),
            csvTextCell(entry.path),
            csvNumberCell(entry.status),
            csvNumberCell(entry.responseTimeMs),
            csvTextCell(entry.visitorKey),
            csvTextCell(entry.userAgent),
            csvTextCell(entry.referrer),
          ])
        }
        controller.enqueue(encoder.encode(chunk))
      },
      async cancel() {
        await cursor.close()
      },
    },
    { highWaterMark: 2 },
  )
}
