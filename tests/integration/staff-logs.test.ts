import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessLogBatch } from '#app/analytics/access-log-batch'
import { AccessLogBatch, LegacyAccessLogEntry } from '#app/analytics/access-log-model.server'
import { easternDate } from '#app/domain/eastern-time'
import { AccessLogRollup } from '#app/analytics/access-log-rollup-model.server'
import { writeRollupsFor } from '#app/analytics/access-rollup.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { getAccessAnalytics, getRawAccessLog } from '#app/analytics/access-analytics.server'
import { listContactSubmissions } from '#app/enquiries/staff-enquiries.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

const mongodbUri = setupTestDatabase('staff_logs')

/** A small RFC 4180 reader, independent of the writer under test. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

describe('empty states', () => {
  it('analytics, raw logs and the enquiries list are empty on a fresh database', async () => {
    const { hourly, ...analytics } = await getAccessAnalytics()
    expect(analytics).toEqual({
      totalRequests: 0,
      uniqueVisitors: 0,
      responseTimeAvg: 0,
      httpStatusCodes: {},
      mostVisitedPages: [],
      notRecorded: 0,
    })
    // The chart's 24 hours are there, each empty.
    expect(hourly).toHaveLength(24)
    expect(hourly.every((hour) => hour.requests === 0 && hour.uniqueVisitors === 0)).toBe(true)
    expect(await getRawAccessLog()).toBe('')
    expect(await listContactSubmissions({})).toMatchObject({ submissions: [], total: 0, page: 1, pageCount: 1 })
  })
})

describe('analytics over the last 24 hours', () => {
  it('counts requests, visitors, average time and top pages, ignoring older entries', async () => {
    const now = new Date()
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000)
    const entries = [
      { timestamp: at(1), method: 'GET', path: '/a', status: 200, responseTimeMs: 10, visitorKey: 'v1' },
      { timestamp: at(2), method: 'GET', path: '/a', status: 200, responseTimeMs: 20, visitorKey: 'v2' },
      { timestamp: at(3), method: 'GET', path: '/b', status: 404, responseTimeMs: 30, visitorKey: 'v1' },
      { timestamp: at(25 * 60), method: 'GET', path: '/old', status: 500, responseTimeMs: 999, visitorKey: 'v9' },
    ]
    await AccessLogBatch.create(accessLogBatch(entries))
    // Two instances' totals (the server's writer keeps these as it flushes entries).
    await writeRollupsFor(entries.slice(0, 2), 'instance-a')
    await writeRollupsFor(entries.slice(2), 'instance-b')
    const { hourly, ...analytics } = await getAccessAnalytics(now)
    expect(analytics).toEqual({
      totalRequests: 3,
      uniqueVisitors: 2,
      responseTimeAvg: 20,
      httpStatusCodes: { '200': 2, '404': 1 },
      // Every 404 counts under one key: a scan of random paths is one line, not thousands.
      mostVisitedPages: [
        { url: '/a', count: 2 },
        { url: '(not found)', count: 1 },
      ],
      notRecorded: 0,
    })
    // The chart: the same three requests by hour (the 25-hour-old one is outside), the 404 among them.
    const sum = (field: 'requests' | 'clientErrors' | 'serverErrors') => hourly.reduce((total, hour) => total + hour[field], 0)
    expect([sum('requests'), sum('clientErrors'), sum('serverErrors')]).toEqual([3, 1, 0])
    expect(hourly.at(-1)?.hour).toBe(new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString())
    expect((await getRawAccessLog(now)).split('\n')[0]).toMatch(/ GET \/a 200 10\.00ms visitor=v1$/)
    await AccessLogBatch.deleteMany({})
    await AccessLogRollup.deleteMany({})
  })
})

describe('CSV export over HTTP', () => {
  let server: AppServer
  let cookie = ''

  beforeAll(async () => {
    server = await startAppServer({ mongodbUri })
    cookie = await signInOverHttp(server.url)
  })
  afterAll(() => server?.stop())

  it('reads back every row with its tricky values intact and formulas neutralised', async () => {
    const now = Date.now()
    const tricky = [
      { path: '/csv-test/plain', userAgent: 'Mozilla/5.0 (X11; Linux)', referrer: '' },
      { path: '/csv-test/comma', userAgent: 'agent, with "quotes"', referrer: 'https://example.com/?a=1,b=2' },
      { path: '/csv-test/newline', userAgent: 'two\nlines', referrer: 'x\r\ny' },
      { path: '/csv-test/formula', userAgent: '=HYPERLINK("http://evil.example","click")', referrer: '@SUM(A1:A2)' },
      { path: '/csv-test/plus', userAgent: '+1+1', referrer: '-2' },
    ]
    await AccessLogBatch.create(
      accessLogBatch(
        tricky.map((entry, i) => ({
          ...entry,
          timestamp: new Date(now - i * 1000),
          method: 'GET',
          status: 200,
          responseTimeMs: 1.5,
          visitorKey: `k${i}`,
        })),
      ),
    )
    await AccessLogBatch.create(
      accessLogBatch([
        {
          timestamp: new Date(now - 26 * 3600_000),
          method: 'GET',
          path: '/csv-test/too-old',
          status: 200,
          responseTimeMs: 1,
          visitorKey: 'old',
        },
      ]),
    )
    // A request logged in the earlier one-document-per-request format, older than every batch.
    const oldFormat = { method: 'GET', status: 200, responseTimeMs: 2, visitorKey: 'legacy' }
    await LegacyAccessLogEntry.create({ ...oldFormat, timestamp: new Date(now - 60_000), path: '/csv-test/old-format' })
    await LegacyAccessLogEntry.create({ ...oldFormat, timestamp: new Date(now - 26 * 3600_000), path: '/csv-test/old-format-too-old' })

    const response = await fetch(`${server.url}/api/admin/logs/download`, { headers: { Cookie: cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="access-logs-${easternDate(new Date())}.csv"`)
    const rows = parseCsv(await response.text())
    expect(rows[0]).toEqual(['timestamp', 'method', 'path', 'status', 'response_time_ms', 'visitor_key', 'user_agent', 'referrer'])
    const ours = rows.filter((row) => row[2]?.startsWith('/csv-test/'))
    expect(ours.map((row) => row[2])).toEqual([...tricky.map((entry) => entry.path), '/csv-test/old-format']) // newest first, nothing older than 24 h
    expect(rows.every((row) => row.length === 8)).toBe(true)
    expect(ours[0]).toEqual([new Date(now).toISOString(), 'GET', '/csv-test/plain', '200', '1.5', 'k0', 'Mozilla/5.0 (X11; Linux)', ''])
    expect(ours[1]?.slice(6)).toEqual(['agent, with "quotes"', 'https://example.com/?a=1,b=2'])
    expect(ours[2]?.slice(6)).toEqual(['two\nlines', 'x\r\ny'])
    expect(ours[3]?.slice(6)).toEqual([`'=HYPERLINK("http://evil.example","click")`, "'@SUM(A1:A2)"])
    expect(ours[4]?.slice(6)).toEqual(["'+1+1", "'-2"])
  })

  it('counts the server’s own traffic in the analytics once the buffer is flushed', async () => {
    // Read each page to the end, as a browser does: a response is logged once it has been sent, and
    // a client that never reads a large page can hold it unsent.
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/terms-of-service`)).text()
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.url}/api/admin/logs/analytics`, { headers: { Cookie: cookie } })
          const body = (await response.json()) as { analytics: { mostVisitedPages: { url: string; count: number }[] } }
          return body.analytics.mostVisitedPages.find((page) => page.url === '/terms-of-service')?.count
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(3)
  })

  it('refuses the export without a session', async () => {
    const response = await fetch(`${server.url}/api/admin/logs/download`)
    expect(response.status).toBe(401)
  })

  it('lists the enquiries API newest first', async () => {
    await Contact.insertMany([
      { name: 'Older', email: 'older@example.com', message: 'An older message here', createdAt: new Date(Date.now() - 60_000) },
      { name: 'Newer', email: 'newer@example.com', message: 'A newer message here', phone: '7705550100', createdAt: new Date() },
    ])
    const response = await fetch(`${server.url}/api/admin/contacts`, { headers: { Cookie: cookie } })
    const contacts = (await response.json()) as { name: string; id: string; phone: string | null }[]
    expect(contacts.map((contact) => contact.name)).toEqual(['Newer', 'Older'])
    expect(contacts[0]).toMatchObject({ email: 'newer@example.com', phone: '7705550100', service: null })
    expect(contacts[0]?.id).toMatch(/^[0-9a-f]{24}$/)
  })
})
