import { createHash, randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { AccessLogBatch, LegacyAccessLogEntry } from '#app/analytics/access-log-model.server'
import { accessLogBatch } from './access-log-batch'
import { DailySalt } from '#app/analytics/daily-salt-model.server'
import { AccessLogRollupWriter } from './access-rollup.server'
import { retryLostUpsert } from '#app/lib/db/lost-upsert.server'
import { deleteInBatches } from '#app/lib/db/delete-in-batches.server'
import { log } from '#app/lib/observability/logger.server'
import { metrics } from '#app/lib/observability/metrics.server'
import { classifyPageView, type PageView } from '#app/domain/page-views'

export const ACCESS_LOG_RETENTION_DAYS = 30
/** User agents and referrers are whatever a client sends: kept short. */
export const MAX_HEADER_TEXT = 256
const FLUSH_INTERVAL_MS = 2000
/** A burst is written in batches of about this size rather than waiting for the timer. */
const FLUSH_AT_ENTRIES = 500
const MAX_BUFFERED = 5000

type PendingEntry = {
  timestamp: Date
  method: string
  path: string
  status: number
  responseTimeMs: number
  ip: string
  userAgent?: string
  referrer?: string
  /** The page view this request is, if any; counted in the rollups, not stored with the entry. */
  view?: PageView | null
}

/** `utm_source` from a request's address, without parsing any other part of its query. */
function utmSourceOf(url: string): string | null {
  const query = url.indexOf('?')
  if (query < 0 || !url.includes('utm_source=', query)) return null
  return new URLSearchParams(url.slice(query + 1, query + 1 + 2048)).get('utm_source')
}

const saltByDay = new Map<string, Promise<string>>()

/** The day's salt, created once in the database and shared by every instance. */
function saltFor(day: string): Promise<string> {
  let salt = saltByDay.get(day)
  if (!salt) {
    // Instances creating the day's salt at once: the loser reads the winner's.
    salt = retryLostUpsert(() =>
      DailySalt.findOneAndUpdate(
        { day },
        { $setOnInsert: { day, value: randomBytes(32).toString('base64') } },
        { upsert: true, returnDocument: 'after' },
      ).lean(),
    ).then((doc) => doc!.value)
    salt.catch(() => saltByDay.delete(day))
    saltByDay.clear()
    saltByDay.set(day, salt)
  }
  return salt
}

export function visitorKey(salt: string, ip: string, userAgent = '') {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22)
}

/**
 * A client address as a key that never reveals it: the same address gives the same key all (UTC)
 * day, so records of one day can be compared (the audit trail's failed sign-ins), and once the day's
 * salt is pruned with the access log the key can't be traced back by trying every address.
 */
export async function addressKey(ip: string, now = new Date()): Promise<string> {
  return visitorKey(await saltFor(now.toISOString().slice(0, 10)), ip)
}

/**
 * The page a visitor came from, without its query string or fragment: those can carry search terms,
 * tokens or e-mail addresses from the other site's address bar.
 */
export function referrerWithoutQuery(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined
  return referrer.split(/[?#]/, 1)[0]!.slice(0, MAX_HEADER_TEXT) || undefined
}

/**
 * Requests are logged when their response finishes: the entry goes into an in-memory buffer that a
 * timer (or a burst) writes as one batch document, so no request waits on the database. When
 * the database can't keep up, the buffer stays bounded and what it drops is counted in the rollups as
 * "not recorded", so staff see that figures are missing. Raw IPs never leave memory.
 *
 * The running totals (rollups, page views, the recent lines) are saved at most once per interval:
 * each save rewrites whole documents, and saving after every burst's batch cost the database about
 * as much CPU per request as the entries themselves.
 */
export class AccessLogBuffer {
  private buffer: PendingEntry[] = []
  private inFlight = 0
  /** Requests in the in-memory totals (recorded or not) that the database's totals don't have yet. */
  private unsavedInTotals = 0
  /** After a failed write, bursts wait for the timer: no retry per request while the database is away. */
  private earlyFlushAfter = 0
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined
  private totalsSavedAt = 0
  /** Keeps the staff analytics' running totals (see access-rollup.server.ts). */
  private readonly rollups = new AccessLogRollupWriter()
  dropped = 0

  middleware = (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    res.once('finish', () => {
      const path = req.originalUrl.split('?')[0]!.slice(0, 512)
      const userAgent = req.get('user-agent')?.slice(0, MAX_HEADER_TEXT)
      const referrer = referrerWithoutQuery(req.get('referer'))
      const view = classifyPageView(
        {
          method: req.method,
          path,
          utmSource: utmSourceOf(req.originalUrl),
          status: res.statusCode,
          contentType: String(res.getHeader('content-type') ?? ''),
          userAgent,
          referrer,
          purpose: req.get('sec-purpose') ?? req.get('purpose'),
        },
        [req.hostname.toLowerCase()],
      )
      this.push({
        timestamp: new Date(),
        method: req.method,
        path,
        status: res.statusCode,
        responseTimeMs: Number(process.hrtime.bigint() - started) / 1e6,
        ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        userAgent,
        referrer,
        view,
      })
    })
    next()
  }

  private countDropped(count: number) {
    if (count === 0) return
    this.dropped += count
    metrics.accessLogDropped.inc(count)
    this.rollups.recordNotRecorded(count)
    this.unsavedInTotals += count
  }

  /** Requests not yet in the database's figures: buffered, in a write under way, or in unsaved totals. */
  get pending() {
    return this.buffer.length + this.inFlight + this.unsavedInTotals
  }

  private reportPending() {
    metrics.accessLogPending.set(this.pending)
  }

  push(entry: PendingEntry) {
    if (this.buffer.length >= MAX_BUFFERED) {
      // The database is away or slower than the traffic: keep memory bounded and count what was lost.
      this.buffer.shift()
      this.countDropped(1)
    }
    this.buffer.push(entry)
    this.reportPending()
    if (this.buffer.length >= FLUSH_AT_ENTRIES && !this.flushing) this.flushEarly()
  }

  private flushEarly() {
    if (this.timer && Date.now() >= this.earlyFlushAfter) void this.write({ saveTotals: false })
  }

  start() {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS)
    this.timer.unref()
  }

  async stop() {
    clearInterval(this.timer)
    this.timer = undefined
    // A burst's write under way may have left the totals unsaved: the last flush saves them.
    while (this.flushing) await this.flushing
    await this.flush()
  }

  /** Writes what is buffered and saves the totals (the timer's flush, and the last one at stop). */
  flush(): Promise<void> {
    return this.write({ saveTotals: true })
  }

  private write({ saveTotals }: { saveTotals: boolean }): Promise<void> {
    this.flushing ??= this.writeBuffered(saveTotals || Date.now() - this.totalsSavedAt >= FLUSH_INTERVAL_MS).finally(() => {
      this.flushing = undefined
      // A burst that arrived during the write goes out now instead of waiting for the timer.
      if (this.buffer.length >= FLUSH_AT_ENTRIES) this.flushEarly()
    })
    return this.flushing
  }

  private async writeBuffered(saveTotals: boolean) {
    if (this.buffer.length > 0 && !(await this.writeEntries())) return
    if (saveTotals) await this.saveTotals()
    this.reportPending()
  }

  /** Inserts the buffered entries and adds them to the totals; false when the database refused them. */
  private async writeEntries(): Promise<boolean> {
    const batch = this.buffer
    this.buffer = []
    this.inFlight = batch.length
    try {
      const day = new Date().toISOString().slice(0, 10)
      const salt = await saltFor(day)
      const entries = batch.map(({ ip, view: _view, ...entry }) => ({ ...entry, visitorKey: visitorKey(salt, ip, entry.userAgent) }))
      await AccessLogBatch.create(accessLogBatch(entries))
      this.rollups.record(entries.map((entry, i) => ({ ...entry, view: batch[i]!.view })))
    } catch (error) {
      // Put the batch back (newest last) so a short outage loses nothing.
      const kept = [...batch, ...this.buffer]
      this.countDropped(Math.max(0, kept.length - MAX_BUFFERED))
      this.buffer = kept.slice(-MAX_BUFFERED)
      log.warn({ entries: batch.length, err: error }, 'access log: flush failed, entries kept for retry')
      this.earlyFlushAfter = Date.now() + FLUSH_INTERVAL_MS
      this.inFlight = 0
      this.reportPending()
      return false
    }
    this.inFlight = 0
    this.unsavedInTotals += batch.length
    return true
  }

  private async saveTotals() {
    this.totalsSavedAt = Date.now()
    const saving = this.unsavedInTotals
    try {
      await this.rollups.save()
      this.unsavedInTotals -= saving
    } catch (error) {
      // The totals stay in memory and are written with the next save.
      log.warn({ err: error }, 'access log: rollup write failed, retried with the next flush')
    }
  }
}

/**
 * Deletes requests past retention (in batches: busy days exceed FerretDB's deleteMany limit), and the
 * daily salts of those days: without its salt, a visitor key can no longer be linked to anyone.
 * Answers how many requests went.
 */
export async function pruneAccessLog(now = new Date()) {
  const cutoff = new Date(now.getTime() - ACCESS_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000)
  // A batch goes once its newest request is past retention.
  const expired = await AccessLogBatch.find({ to: { $lt: cutoff } }, { _id: 0, count: 1 }).lean()
  await deleteInBatches(AccessLogBatch, { to: { $lt: cutoff } })
  const legacy = await deleteInBatches(LegacyAccessLogEntry, { timestamp: { $lt: cutoff } })
  // Days are compared as their ISO text (YYYY-MM-DD), which sorts like dates.
  await DailySalt.deleteMany({ day: { $lt: cutoff.toISOString().slice(0, 10) } })
  return expired.reduce((requests, batch) => requests + batch.count, legacy)
}
