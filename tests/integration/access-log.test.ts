import http from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { accessLogBatch } from '#app/analytics/access-log-batch'
import { AccessLogBatch, LegacyAccessLogEntry } from '#app/analytics/access-log-model.server'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { DailySalt } from '#app/analytics/daily-salt-model.server'
import { AccessLogBuffer, addressKey, pruneAccessLog, visitorKey } from '#app/analytics/access-log.server'
import { AccessLogRollupWriter } from '#app/analytics/access-rollup.server'
import { recordedRequests } from '#tests/support/access-log'
import { accessLogEntriesPending, startAppServer } from '#tests/support/app-server'
import { startDatabaseProxy } from '#tests/support/database-proxy'
import { setupTestDatabase } from '#tests/support/database'

const mongodbUri = setupTestDatabase('access_log')

describe('the access log', () => {
  it('records page and API requests, not static assets, and flushes what is buffered at shutdown', async () => {
    const server = await startAppServer({ mongodbUri })
    const get = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${server.url}${path}`, { headers: { 'user-agent': 'log-test-agent', ...headers } })).text()
    await get('/', { referer: 'https://example.org/from' })
    // The second is answered from the page cache, ahead of most middleware: still recorded.
    await get('/')
    await get('/api/plans')
    await get('/no-such-page')
    await get('/images/logo.svg')
    // Stopping right away: the entries are still in the buffer and must be written on SIGTERM.
    await server.stop()

    const entries = (await recordedRequests()).filter((entry) => entry.userAgent === 'log-test-agent').reverse()
    expect(entries.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['GET', '/', 200],
      ['GET', '/', 200],
      ['GET', '/api/plans', 200],
      ['GET', '/no-such-page', 404],
    ])
    expect(entries[0]?.referrer).toBe('https://example.org/from')
    expect(entries[0]?.responseTimeMs).toBeGreaterThan(0)
    // One visitor (same IP and agent on the same day) gets one key, and no raw IP is stored.
    expect(new Set(entries.map((entry) => entry.visitorKey)).size).toBe(1)
    expect(JSON.stringify(entries)).not.toContain('127.0.0.1')
  })

  it('keeps user agents and referrers short, and referrers without their query string', async () => {
    const server = await startAppServer({ mongodbUri })
    const agent = `long-agent-${'x'.repeat(2000)}`
    await (
      await fetch(`${server.url}/terms-of-service`, {
        headers: { 'user-agent': agent, referer: `https://search.example/results?q=${'secret '.repeat(10)}&email=someone@example.com#top` },
      })
    ).text()
    await server.stop()
    const entry = (await recordedRequests()).find((entry) => entry.userAgent?.startsWith('long-agent-'))!
    expect(entry.userAgent).toHaveLength(256)
    expect(entry.referrer).toBe('https://search.example/results')
  })

  it('prunes requests older than 30 days, old-format entries too, and the daily salts of those days', async () => {
    await DailySalt.insertMany([
      { day: '2026-05-01', value: 'old salt' },
      { day: '2026-06-29', value: 'recent salt' },
    ])
    const now = new Date('2026-06-30T12:00:00Z')
    const request = (iso: string, path: string) => ({
      timestamp: new Date(iso),
      method: 'GET',
      path,
      status: 200,
      responseTimeMs: 1,
      visitorKey: 'k',
    })
    await LegacyAccessLogEntry.insertMany([request('2026-05-01T00:00:00Z', '/old'), request('2026-06-29T00:00:00Z', '/recent')])
    await AccessLogBatch.create(
      accessLogBatch([request('2026-05-01T00:00:00Z', '/old-batch'), request('2026-05-01T00:00:01Z', '/old-batch')]),
    )
    // A batch whose newest request is within retention stays whole.
    await AccessLogBatch.create(
      accessLogBatch([request('2026-05-31T11:59:59Z', '/straddling'), request('2026-05-31T12:00:01Z', '/straddling')]),
    )
    expect(await pruneAccessLog(now)).toBe(3)
    expect(await LegacyAccessLogEntry.exists({ path: '/old' })).toBeNull()
    expect(await LegacyAccessLogEntry.exists({ path: '/recent' })).not.toBeNull()
    expect((await AccessLogBatch.find({ to: { $lt: now } }).lean()).map((batch) => batch.rows.split('\n').length)).toEqual([2])
    expect((await DailySalt.find().lean()).map((salt) => salt.day).sort()).not.toContain('2026-05-01')
    expect(await DailySalt.exists({ day: '2026-06-29' })).not.toBeNull()
  })

  it('gives a day one salt when several instances create it at the same moment', async () => {
    // Each call for a day other than the last one asked starts its own create-or-read, as separate
    // instances would: alternating two days puts twenty of them in flight for each day at once.
    const days = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2031, 0, 1 + (i % 2), 12)))
    const keys = await Promise.all(days.map((day) => addressKey('203.0.113.5', day)))
    expect(new Set(keys.filter((_, i) => i % 2 === 0)).size).toBe(1)
    expect(new Set(keys.filter((_, i) => i % 2 === 1)).size).toBe(1)
    expect(await DailySalt.countDocuments({ day: { $in: ['2031-01-01', '2031-01-02'] } })).toBe(2)
  })

  it('derives different visitor keys for different salts', () => {
    expect(visitorKey('salt-a', '203.0.113.9', 'agent')).not.toBe(visitorKey('salt-b', '203.0.113.9', 'agent'))
    expect(visitorKey('salt-a', '203.0.113.9', 'agent')).toBe(visitorKey('salt-a', '203.0.113.9', 'agent'))
  })
})

describe('when the database cannot take the access log', () => {
  it('counts what it had to drop as not recorded, so recorded and not recorded add up to what was answered', async () => {
    const proxy = await startDatabaseProxy(mongodbUri)
    const metricsToken = 'access-log-test-metrics-token-0123456789'
    const server = await startAppServer({ mongodbUri: proxy.uri, env: { METRICS_TOKEN: metricsToken } })
    try {
      const pending = () => accessLogEntriesPending(server.url, metricsToken)
      const tally = async () => {
        const rollups = await AccessLogRollup.find({}, { requests: 1, notRecorded: 1 }).lean()
        return {
          recorded: rollups.reduce((sum, rollup) => sum + rollup.requests, 0),
          notRecorded: rollups.reduce((sum, rollup) => sum + (rollup.notRecorded ?? 0), 0),
        }
      }
      const before = await tally()
      // Writes of log entries fail from now on; everything else still reaches the database.
      proxy.sever([AccessLogBatch.collection.collectionName])
      const sent = 5_300
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
      const get = (path: string) =>
        new Promise<void>((resolve, reject) => {
          http.get(`${server.url}${path}`, { agent }, (response) => response.resume().on('end', resolve)).on('error', reject)
        })
      for (let batch = 0; batch < sent / 100; batch++)
        await Promise.all(Array.from({ length: 100 }, (_, i) => get(`/api/no-such-${batch}-${i}`)))
      agent.destroy()
      proxy.restore()
      await expect.poll(pending, { timeout: 30_000, interval: 250 }).toBe(0)
      const after = await tally()
      const recorded = after.recorded - before.recorded
      const notRecorded = after.notRecorded - before.notRecorded
      // The buffer holds 5,000 entries, so some of the 5,300 were dropped, and each was counted.
      expect(notRecorded).toBeGreaterThan(0)
      expect(recorded + notRecorded).toBe(sent)
    } finally {
      await server.stop()
      await proxy.stop()
    }
  }, 120_000)
})

describe('under a burst', () => {
  it('writes every entry in batches but saves the staff figures at most once per two seconds, and all of them at stop', async () => {
    const recorded = async () => (await AccessLogRollup.find({}, { requests: 1 }).lean()).reduce((sum, rollup) => sum + rollup.requests, 0)
    const before = await recorded()
    const saves = vi.spyOn(AccessLogRollupWriter.prototype, 'save')
    const buffer = new AccessLogBuffer()
    buffer.start()
    const started = Date.now()
    const rounds = 6
    try {
      for (let round = 1; round <= rounds; round++) {
        // 500 entries make the buffer write a batch without waiting for its timer.
        for (let i = 0; i < 500; i++)
          buffer.push({
            timestamp: new Date(),
            method: 'GET',
            path: '/burst',
            status: 200,
            responseTimeMs: 1,
            ip: '127.0.0.1',
            userAgent: 'burst-agent',
          })
        await expect
          .poll(async () => (await recordedRequests()).filter((entry) => entry.userAgent === 'burst-agent').length, {
            timeout: 20_000,
            interval: 20,
          })
          .toBe(round * 500)
      }
      // Saving after every batch would have saved six times; once per two seconds, the time it took allows this many.
      expect(saves.mock.calls.length).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - started) / 2000))
      await buffer.stop()
      expect(buffer.pending).toBe(0)
      expect((await recorded()) - before).toBe(rounds * 500)
    } finally {
      saves.mockRestore()
      await buffer.stop()
    }
  }, 60_000)
})
