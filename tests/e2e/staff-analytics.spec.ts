import { expect, test } from './support/test'
import { STAFF_SIZES, expectNoSeriousAxeProblems } from './support/readable'
import { addPageViews, type PageViewRollup, pageViewDocument } from '../../app/analytics/page-view-rollup'
import { addToRollups, type Rollup, rollupDocument } from '../../app/analytics/access-rollup'
import type { PageView } from '../../app/domain/page-views'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'

// An office manager reads a week of visitors: page views against the week before, top pages by
// their titles, sources, devices and conversions, on a desktop and on a phone, with and without
// JavaScript. The e2e database is shared, so the week is seeded with a source of its own.

test.afterAll(closeE2eDatabase)

const HOUR = 60 * 60 * 1000
async function seedWeek() {
  const db = await e2eDatabase()
  const source = uniqueLabel('e2e-news')
  const now = Date.now()
  const view = (page: string, more: Partial<PageView> = {}): PageView => ({
    page,
    entrance: false,
    source: 'Direct',
    device: 'desktop',
    checkout: false,
    ...more,
  })
  const views: { timestamp: Date; view: PageView }[] = []
  // Seven days of visits (one hour a day, so the shared database gains few documents): most from
  // the newsletter's source, some by search, a third on phones.
  for (let day = 0; day < 7; day++) {
    for (let i = 0; i < 60; i++) {
      const at = new Date(now - day * 24 * HOUR - HOUR)
      const device = i % 3 === 0 ? 'phone' : 'desktop'
      views.push({ timestamp: at, view: view('/', { entrance: true, source: i % 4 === 0 ? 'google.com' : source, device }) })
      views.push({ timestamp: at, view: view('/news/data-fencing') })
      if (i % 5 === 0) views.push({ timestamp: at, view: view('/checkout/2', { checkout: true }) })
    }
  }
  // The week before, quieter.
  for (let i = 0; i < 200; i++) views.push({ timestamp: new Date(now - 8 * 24 * HOUR), view: view('/', { entrance: true }) })
  const rollups = new Map<number, PageViewRollup>()
  addPageViews(rollups, views)
  const instance = uniqueLabel('e2e-views')
  await db
    .collection<{ _id: string; [field: string]: unknown }>('pageviewrollups')
    .insertMany([...rollups.values()].map((rollup) => pageViewDocument(instance, rollup)))
  // Requests of the last 24 hours with the codes staff should now see by name.
  const requests = new Map<number, Rollup>()
  addToRollups(
    requests,
    [202, 429, 503].map((status) => ({ timestamp: new Date(now), path: '/api/contact', status, responseTimeMs: 3, visitorKey: 'e2e' })),
  )
  await db
    .collection<{ _id: string; [field: string]: unknown }>('accesslogrollups')
    .insertMany([...requests.values()].map((rollup) => rollupDocument(uniqueLabel('e2e'), rollup)))
  await db.collection('contacts').insertOne({
    name: 'Analytics Week',
    email: 'week@example.com',
    message: 'An enquiry inside the week',
    createdAt: new Date(now - 2 * 24 * HOUR),
  })
  return source
}

for (const size of STAFF_SIZES) {
  test(`on a ${size.name}, staff read a week of visitors with sources and conversions, and switch to 30 days`, async ({ browser }) => {
    test.slow()
    const source = await seedWeek()
    const { context, page } = await signedInPage(browser, { viewport: size, at: '/admin/logs' })
    const visitors = page.getByTestId('visitor-analytics')
    await expect(visitors.getByRole('heading', { level: 2, name: /Visitors/ })).toBeVisible()
    await expect(visitors.getByRole('navigation', { name: 'Range' }).getByRole('link', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const figures = visitors.getByTestId('visitor-figures')
    for (const label of ['Page views', 'Visits', 'Enquiries sent', 'Orders paid']) await expect(figures).toContainText(label)
    await expect(figures).toContainText('vs the 7 days before')

    const sources = visitors.getByRole('region', { name: 'Sources' })
    // 60 visits a day for 7 days, three in four from this week's source.
    await expect(sources.getByRole('listitem').filter({ hasText: source })).toContainText('315 visits')
    await expect(sources).toContainText('google.com')
    const topPages = visitors.getByRole('region', { name: 'Top pages' })
    await expect(topPages).toContainText('/news/data-fencing')
    await expect(topPages.getByRole('listitem').filter({ hasText: '/checkout/2' })).toContainText('Checkout: ')
    const conversions = visitors.getByRole('region', { name: 'Conversions' })
    for (const label of ['Enquiries sent', 'Checkouts started', 'Orders paid']) await expect(conversions).toContainText(label)
    await expect(conversions).toContainText('% of visits')
    await expect(conversions).toContainText('of checkouts')
    await expect(visitors.getByTestId('devices')).toContainText('Phone')
    await expect(visitors.getByTestId('devices')).toContainText('Desktop')

    await expectNoSeriousAxeProblems(page)

    // Every status code by its name.
    await expect(page.getByTestId('status-202')).toContainText('Accepted')
    await expect(page.getByTestId('status-429')).toContainText('Too Many Requests')
    await expect(page.getByTestId('status-503')).toContainText('Service Unavailable')

    if (size.name === 'phone') {
      // Two by two: the second figure beside the first, the third under them; nothing wider than the screen.
      const boxes = await figures
        .locator(':scope > div')
        .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect))
      expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(2)
      expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
      // The chart's hour labels read at 10 px or more.
      const label = page.getByTestId('traffic-chart').locator('svg:visible text').last()
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(10)
    }

    // CONSOLE_SHOTS=docs/images saves the staff guide's picture (docs/staff-console.md).
    // The visitors' half: on a computer with the console around it, on a phone the section alone.
    const shot = `${process.env.CONSOLE_SHOTS}/staff-analytics-${size.width}.png`
    if (process.env.CONSOLE_SHOTS && size.name === 'desktop')
      await page.screenshot({ path: shot, fullPage: true, clip: { x: 0, y: 0, width: size.width, height: 1300 } })
    else if (process.env.CONSOLE_SHOTS) await visitors.screenshot({ path: shot })
    // ANALYTICS_SCREENSHOTS=1 refreshes the docs' pictures (small JPEGs); =png writes PNGs to look at.
    if (process.env.ANALYTICS_SCREENSHOTS === 'png')
      await page.screenshot({ path: `test-results/analytics-${size.width}.png`, fullPage: true })
    else if (process.env.ANALYTICS_SCREENSHOTS)
      await page.screenshot({ path: `docs/images/analytics-${size.width}.jpg`, type: 'jpeg', quality: 55, fullPage: true })

    await visitors.getByRole('link', { name: 'Last 30 days' }).click()
    await expect(page).toHaveURL('/admin/logs?range=30d')
    await expect(page.getByTestId('visitor-analytics').getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('visitor-figures')).toContainText('vs the 30 days before')
    await context.close()
  })
}

test('without JavaScript the range is a link and the visitors read the same', async ({ browser }) => {
  const source = await seedWeek()
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, at: '/admin/logs' })
  await expect(page.getByRole('region', { name: 'Sources' })).toContainText(source)
  await page.getByRole('link', { name: 'Last 24 hours' }).click()
  await expect(page).toHaveURL('/admin/logs?range=24h')
  await expect(page.getByRole('link', { name: 'Last 24 hours' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('visitor-figures')).toContainText('vs the 24 hours before')
  await expect(page.getByRole('region', { name: 'Conversions' })).toContainText('Checkouts started')
  await context.close()
})

test('a visit from a tagged link counts its page views under its source, a client navigation included', async ({ browser }) => {
  const source = uniqueLabel('e2e-tag')
  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  await page.goto(`/?utm_source=${source}`)
  // A client-side navigation (React Router fetches /news.data): a second page view of the visit.
  await page.locator('#news a[href="/news"]').click()
  await expect(page).toHaveURL('/news')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await visitor.close()
  const db = await e2eDatabase()
  // The server writes its totals every couple of seconds: look for this visit's source in them.
  await expect
    .poll(
      async () => {
        const hours = await db
          .collection<{ sources: string; views: number }>('pageviewrollups')
          .find({ sources: { $regex: source } })
          .toArray()
        return hours.length
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0)
})
