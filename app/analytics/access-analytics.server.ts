import { type AccessAnalytics, ANALYTICS_WINDOW_MS } from '#app/domain/access-analytics'
import { easternDate } from '#app/domain/eastern-time'
import { AccessLogBatch, LegacyAccessLogEntry } from '#app/analytics/access-log-model.server'
import { AccessLogRecent } from '#app/analytics/access-log-recent-model.server'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { batchLinesNewestFirst } from './access-log-batch'
import { bucketOf, hourlyTraffic, mergeRollups } from './access-rollup'
import { csvNumberCell, csvRow, csvTextCell } from './csv'
import { type LogLine, mergeRecentLines } from './recent-log'

// Staff see the last 24 hours (SPEC §2 Access logs). Queries are plain finds, so they run on
// MongoDB and FerretDB alike.
export const RAW_LOG_LIMIT = 1000
export const TOP_PAGES_LIMIT = 10

/**
 * SPEC §3 analytics for the last 24 hours, merged from the per-instance 10-minute rollups that the
 * access-log writer keeps: a few hundred small documents whatever the traffic, instead of
 * aggregating every entry (on FerretDB that took 7.8 s for 10^4 entries and 75 s for 10^5).
 * The window is whole buckets, so it reaches back between 24 hours and 24 hours 10 minutes.
 */
export async function getAccessAnalytics(now = new Date()): Promise<AccessAnalytics> {
  const since = new Date(bucketOf(now.getTime() - ANALYTICS_WINDOW_MS))
  const documents = await AccessLogRollup.find(
    { bucket: { $gte: since } },
    { bucket: 1, requests: 1, totalTimeMs: 1, statuses: 1, paths: 1, visitors: 1, notRecorded: 1 },
  ).lean()
  return { ...mergeRollups(documents, TOP_PAGES_LIMIT), hourly: hourlyTraffic(documents, now.getTime()) }
}

/** The latest requests of the window, newest first, one a line, merged from every instance's recent lines. */
export async function getRawAccessLog(now = new Date(), limit = RAW_LOG_LIMIT): Promise<string> {
  const since = new Date(now.getTime() - ANALYTICS_WINDOW_MS)
  const documents = await AccessLogRecent.find({ newestAt: { $gte: since } }, { lines: 1 }).lean()
  return mergeRecentLines(
    documents.map((doc) => doc.lines),
    since,
    limit,
  )
}

export const CSV_HEADER = ['timestamp', 'method', 'path', 'status', 'response_time_ms', 'visitor_key', 'user_agent', 'referrer']
const ROWS_PER_CHUNK = 200

/** Named with the Eastern date staff are living in, not UTC's (which turns over at 7 or 8 PM ET). */
export function accessLogCsvFileName(now = new Date()) {
  return `access-logs-${easternDate(now)}.csv`
}

/**
 * The window's requests, newest batch first and newest first within a batch (batches that overlap
 * in time, from instances writing at once or a write held back while the database was away,
 * interleave), then the entries of the earlier one-document-per-request format, which are all
 * older. Read through cursors a few documents at a time, so memory stays flat whatever the number
 * of requests.
 */
export async function* accessLogLines(now = new Date()): AsyncGenerator<LogLine> {
  const since = new Date(now.getTime() - ANALYTICS_WINDOW_MS)
  // The driver's cursors directly: no mongoose document layer. A batch holds up to a few thousand rows.
  const batches = AccessLogBatch.collection.find<{ rows: string }>(
    { to: { $gte: since } },
    { sort: { to: -1 }, batchSize: 4, projection: { _id: 0, rows: 1 } },
  )
  try {
    for await (const batch of batches) yield* batchLinesNewestFirst(batch.rows, since)
  } finally {
    await batches.close()
  }
  const legacy = LegacyAccessLogEntry.collection.find<LogLine>(
    { timestamp: { $gte: since } },
    {
      sort: { timestamp: -1 },
      batchSize: 200,
      projection: { _id: 0 },
    },
  )
  try {
    yield* legacy
  } finally {
    await legacy.close()
  }
}

/** The window's requests as CSV, written in small chunks as the client takes them (pull-based). */
export function accessLogCsvStream(now = new Date()): ReadableStream<Uint8Array> {
  const lines = accessLogLines(now)
  return logLinesAsCsv({
    next: async () => (await lines.next()).value ?? null,
    close: async () => void (await lines.return(undefined)),
  })
}

/** Where CSV rows come from: a database cursor in production, any generator in tests. */
export type LogLineSource = { next: () => Promise<LogLine | null>; close: () => Promise<void> }

/** Log lines as a CSV byte stream, ROWS_PER_CHUNK rows per chunk, read only as fast as the client takes them. */
export function logLinesAsCsv(source: LogLineSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvRow(CSV_HEADER.map(csvTextCell))))
      },
      async pull(controller) {
        let chunk = ''
        for (let i = 0; i < ROWS_PER_CHUNK; i++) {
          const entry = await source.next()
          if (!entry) {
            if (chunk) controller.enqueue(encoder.encode(chunk))
            controller.close()
            await source.close()
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
        await source.close()
      },
    },
    { highWaterMark: 2 },
  )
}
