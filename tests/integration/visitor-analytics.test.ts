import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Contact } from '#app/enquiries/contact-model.server'
import { Order } from '#app/orders/order-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { PageViewRollup } from '#app/analytics/page-view-rollup-model.server'
import {
  addPageViews,
  PAGE_VIEW_BUCKET_MS,
  PAGES_PER_BUCKET,
  type PageViewRollup as Rollup,
  pageViewDocument,
} from '#app/analytics/page-view-rollup'
import { pruneAccessLogRollups } from '#app/analytics/access-rollup.server'
import { getVisitorAnalytics } from '#app/analytics/visitor-analytics.server'
import type { PageView } from '#app/domain/page-views'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

const mongodbUri = setupTestDatabase('visitor_analytics')

const HOUR = PAGE_VIEW_BUCKET_MS
const DAY = 24 * HOUR
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

const view = (page: string, more: Partial<PageView> = {}): PageView => ({
  page,
  entrance: false,
  source: 'Direct',
  device: 'desktop',
  checkout: false,
  ...more,
})

async function storeViews(instance: string, views: { at: number; view: PageView }[]) {
  const rollups = new Map<number, Rollup>()
  addPageViews(
    rollups,
    views.map(({ at, view }) => ({ timestamp: new Date(at), view })),
  )
  await PageViewRollup.insertMany([...rollups.values()].map((rollup) => pageViewDocument(instance, rollup)))
}

describe('the analytics API over HTTP, from real traffic', () => {
  let server: AppServer
  let cookie = ''

  beforeAll(async () => {
    server = await startAppServer({ mongodbUri })
    cookie = await signInOverHttp(server.url)
  })
  afterAll(() => server?.stop())

  const analytics = async (query = '?range=24h') => {
    const response = await fetch(`${server.url}/api/admin/logs/analytics${query}`, { headers: { Cookie: cookie } })
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; message: string; analytics: Record<string, unknown> },
    }
  }

  it('counts visitors’ pages only: no staff pages, API calls, data refreshes, option changes, files or bots', async () => {
    await PageViewRollup.deleteMany({})
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'User-Agent': CHROME, ...headers } })
      await response.arrayBuffer()
      return response.status
    }
    const site = (path: string) => `${server.url}${path}`
    // Two visits: one from a search engine on a phone, one tagged by a newsletter link.
    expect(await get('/', { Referer: 'https://www.google.com/search?q=roswell+it', 'User-Agent': IPHONE })).toBe(200)
    expect(await get('/news?utm_source=Newsletter&utm_medium=email')).toBe(200)
    // A client navigation from the home page to the news (React Router's data request): a view.
    expect(await get('/news.data', { Referer: site('/') })).toBe(200)
    // Arriving at checkout is a view and a checkout started; changing its options is not.
    expect(await get('/checkout/1', { Referer: site('/news') })).toBe(200)
    expect(await get('/checkout/1.data?ms365=e3&users=5', { Referer: site('/checkout/1') })).toBe(200)
    expect(await get('/checkout/1?ms365=e3&users=6', { Referer: site('/checkout/1?ms365=e3&users=5') })).toBe(200)
    // None of these is a page view.
    await get('/_root.data', { Referer: site('/') })
    await get('/news.data', { Referer: site('/'), 'Sec-Purpose': 'prefetch' })
    await get('/api/plans')
    await get('/admin', { Cookie: cookie })
    await get('/admin/logs.data', { Cookie: cookie, Referer: site('/admin') })
    await get('/robots.txt')
    await get('/healthz')
    await get('/no-such-page')
    await get('/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    await get('/', { 'User-Agent': 'curl/8.5.0' })

    await expect.poll(async () => (await analytics()).body.analytics.pageViews, { timeout: 10_000, interval: 500 }).toBe(4)
    const { status, body } = await analytics()
    expect(status).toBe(200)
    expect(body).toMatchObject({
      success: true,
      analytics: {
        range: '24h',
        pageViews: 4,
        visits: 2,
        devices: { phone: 1, desktop: 1 },
        conversions: { enquiries: 0, checkoutsStarted: 1, ordersPaid: 0 },
      },
    })
    expect(body.analytics.sources).toEqual([
      { source: 'google.com', visits: 1 },
      { source: 'newsletter', visits: 1 },
    ])
    expect(body.analytics.topPages).toContainEqual({ path: '/news', title: 'News and Insights', views: 2 })
    // The request figures of the last 24 hours are still there, every request counted.
    expect(body.analytics.totalRequests).toBeGreaterThanOrEqual(4)
    expect(body.analytics).toHaveProperty('httpStatusCodes')
    expect(body.analytics).toHaveProperty('mostVisitedPages')
  })

  it('keeps each hour’s stored pages and sources bounded when a scanner sends random ones', async () => {
    // The server keeps the current hour's totals in memory: count on from what it has.
    const before = (await analytics()).body.analytics.pageViews as number
    for (let i = 0; i < PAGES_PER_BUCKET + 40; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          fetch(`${server.url}/news/random-${i + j}`, {
            headers: { 'User-Agent': CHROME, Referer: `https://spam-${i + j}.example/` },
          }).then((r) => r.arrayBuffer()),
        ),
      )
    }
    // Unknown articles answer 404: not views at all. Real pages with random sources are.
    for (let i = 0; i < 80; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          fetch(`${server.url}/?utm_source=scan${i + j}`, { headers: { 'User-Agent': CHROME } }).then((r) => r.arrayBuffer()),
        ),
      )
    }
    await expect.poll(async () => (await analytics()).body.analytics.pageViews, { timeout: 10_000, interval: 500 }).toBe(before + 80)
    const stored = await PageViewRollup.find({}).lean()
    for (const doc of stored) {
      expect((JSON.parse(doc.pages) as unknown[]).length).toBeLessThanOrEqual(PAGES_PER_BUCKET + 1)
      expect((JSON.parse(doc.sources) as unknown[]).length).toBeLessThanOrEqual(51)
    }
  })

  it('refuses an unknown range with 400, and anyone without a session with 401', async () => {
    const bad = await analytics('?range=365d')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ success: false, message: 'range must be one of 24h, 7d, 30d.' })
    const hostile = await analytics(`?range=${encodeURIComponent('<script>'.repeat(200))}`)
    expect(hostile.status).toBe(400)
    expect(JSON.stringify(hostile.body)).not.toContain('<script>')
    const anonymous = await fetch(`${server.url}/api/admin/logs/analytics?range=7d`)
    expect(anonymous.status).toBe(401)
    // No range reads as the last 7 days.
    expect((await analytics('')).body.analytics.range).toBe('7d')
  })
})

describe('visitors over a range, against the period before', () => {
  it('adds up the hours of every instance, names the pages and counts conversions', async () => {
    await PageViewRollup.deleteMany({})
    const now = new Date()
    const at = (ago: number) => now.getTime() - ago
    await NewsArticle.create({
      id: 901,
      slug: 'range-test-article',
      title: 'A range test article',
      date: '2026-01-01',
      excerpt: 'x',
      body: 'x',
      status: 'published',
    })
    const planName = (await Plan.findOne({ id: 1 }).lean())?.name
    await storeViews('a', [
      { at: at(5 * 60_000), view: view('/', { entrance: true, source: 'google.com' }) },
      { at: at(HOUR), view: view('/news/range-test-article') },
      { at: at(2 * DAY), view: view('/news/range-test-article', { entrance: true, source: 'newsletter', device: 'phone' }) },
      { at: at(3 * DAY), view: view('/checkout/1', { checkout: true }) },
      // The 7 days before the last 7: the period the change is measured against.
      { at: at(8 * DAY), view: view('/', { entrance: true }) },
      // Older than both periods: not read for 7 days.
      { at: at(20 * DAY), view: view('/', { entrance: true }) },
    ])
    await storeViews('b', [
      { at: at(10 * 60_000), view: view('/news/range-test-article', { entrance: true, source: 'google.com', device: 'phone' }) },
    ])
    await Contact.create([
      { name: 'A', email: 'a@example.com', message: 'A message here', createdAt: new Date(at(DAY)) },
      { name: 'B', email: 'b@example.com', message: 'A message here', createdAt: new Date(at(9 * DAY)) },
    ])
    const order = { name: 'C', email: 'c@example.com', planId: 1, amount: 299 }
    await Order.create([
      { ...order, status: 'paid', createdAt: new Date(at(DAY)) },
      { ...order, status: 'pending', createdAt: new Date(at(DAY)) },
    ])

    const week = await getVisitorAnalytics('7d', now)
    expect(week).toMatchObject({
      range: '7d',
      pageViews: 5,
      visits: 3,
      devices: { phone: 2, desktop: 1 },
      conversions: { enquiries: 1, checkoutsStarted: 1, ordersPaid: 1 },
      previous: { pageViews: 1, visits: 1, conversions: { enquiries: 1, checkoutsStarted: 0, ordersPaid: 0 } },
    })
    expect(week.topPages[0]).toEqual({ path: '/news/range-test-article', title: 'A range test article', views: 3 })
    expect(week.topPages).toContainEqual({ path: '/', title: 'Home', views: 1 })
    expect(week.topPages).toContainEqual({ path: '/checkout/1', title: `Checkout: ${planName}`, views: 1 })
    expect(week.sources).toEqual([
      { source: 'google.com', visits: 2 },
      { source: 'newsletter', visits: 1 },
    ])

    const day = await getVisitorAnalytics('24h', now)
    expect(day).toMatchObject({ pageViews: 3, visits: 2, previous: { pageViews: 0 } })
    const month = await getVisitorAnalytics('30d', now)
    expect(month).toMatchObject({ pageViews: 7, visits: 5, previous: { pageViews: 0 } })
  })

  it('keeps page-view hours 60 days, then prunes them', async () => {
    await PageViewRollup.deleteMany({})
    const now = Date.now()
    await storeViews('a', [
      { at: now - 59 * DAY, view: view('/') },
      { at: now - 61 * DAY, view: view('/') },
    ])
    await pruneAccessLogRollups(new Date(now))
    const kept = await PageViewRollup.find({}, { bucket: 1 }).lean()
    expect(kept.map((doc) => Math.round((now - doc.bucket.getTime()) / DAY))).toEqual([59])
  })
})
