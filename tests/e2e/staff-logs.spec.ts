import { expect, test } from './support/test'
import { accessLogBatch } from '../../app/analytics/access-log-batch'
import { addToRollups, type Rollup, rollupDocument } from '../../app/analytics/access-rollup'
import { recentLogDocument } from '../../app/analytics/recent-log'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'
import { STAFF_SIZES, expectNoSeriousAxeProblemsWithoutScript, expectNoSidewaysScroll } from './support/readable'

test.afterAll(closeE2eDatabase)

/**
 * Enough hits on one unique path that it tops Most Visited Pages whatever else the e2e run did. The
 * pages read the rollups and the recent lines; the entries themselves feed only the CSV export, so
 * only its test stores them (one batch of 3,002 rows, as the server's log writer stores them).
 */
async function seedTraffic({ storeEntries = false } = {}) {
  const db = await e2eDatabase()
  const path = `/${uniqueLabel('e2e-hot-page')}`
  const now = Date.now()
  const entry = (i: number, status: number) => ({
    timestamp: new Date(now - i * 10),
    method: 'GET',
    path,
    status,
    responseTimeMs: 5,
    visitorKey: uniqueLabel('v'),
    userAgent: 'e2e-agent',
  })
  const entries = [...Array.from({ length: 3000 }, (_, i) => entry(i, 200)), entry(3000, 418), entry(3001, 503)]
  if (storeEntries) await db.collection('accesslogbatches').insertOne(accessLogBatch(entries))
  // The analytics read the running totals that the server's log writer keeps per 10-minute bucket.
  const rollups = new Map<number, Rollup>()
  addToRollups(rollups, entries)
  const stored = [...rollups.values()].map((rollup) => rollupDocument(uniqueLabel('e2e'), rollup))
  await db.collection<{ _id: string; [field: string]: unknown }>('accesslogrollups').insertMany(stored)
  // …and the Raw Logs tab the latest lines each instance keeps.
  await db
    .collection<{ _id: string; [field: string]: unknown }>('accesslogrecents')
    .insertOne(recentLogDocument(uniqueLabel('e2e'), entries))
  return path
}

test('the analytics tab shows the cards, the busiest page and named, coloured status codes', async ({ browser }) => {
  const path = await seedTraffic()
  const { context, page } = await signedInPage(browser)
  await page.getByRole('link', { name: 'View Access Logs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Access Logs' })).toBeVisible()
  await expect(page.getByText('User access logs for the last 24 hours')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page')
  const cards = page.getByTestId('analytics-cards')
  for (const label of ['Total Requests', 'Unique Visitors', 'Avg Response Time', 'Success Rate']) await expect(cards).toContainText(label)
  await expect(cards).toContainText(/\d+\.\d{2} ms/)
  await expect(cards).toContainText(/\d+%/)

  const pages = page.getByRole('region', { name: 'Most Visited Pages' })
  await expect(pages.getByRole('listitem').first()).toContainText(path)
  await expect(pages.getByRole('listitem').first()).toContainText('3,002')
  await expect(page.getByTestId('status-200')).toContainText('OK')
  await expect(page.getByTestId('status-200')).toHaveAttribute('data-colour', 'green')
  await expect(page.getByTestId('status-418')).toContainText('Unknown')
  await expect(page.getByTestId('status-418')).toHaveAttribute('data-colour', 'orange')
  await expect(page.getByTestId('status-503')).toHaveAttribute('data-colour', 'red')

  // The last 24 hours as a chart, with its figures as text (the seeded hits are in the current hour).
  const chart = page.getByTestId('traffic-chart')
  await expect(chart.getByRole('img', { name: 'Requests, unique visitors and error responses per hour, last 24 hours' })).toBeVisible()
  await expect(chart.getByTestId('traffic-summary')).toContainText('requests in the last 24 hours')
  await expect(chart.getByTestId('traffic-summary')).toContainText('server errors (5xx)')
  await chart.getByText('Hourly figures as a table').click()
  const rows = chart.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(25)
  const currentHour = Number((await rows.last().getByRole('cell').first().innerText()).replaceAll(',', ''))
  expect(currentHour).toBeGreaterThanOrEqual(3002)

  await page.getByRole('link', { name: 'Raw Logs' }).click()
  await expect(page).toHaveURL('/admin/logs?tab=raw')
  await expect(page.getByTestId('raw-logs')).toContainText(`GET ${path} 200`)

  const analytics = await page.request.get('/api/admin/logs/analytics')
  const body = (await analytics.json()) as {
    success: boolean
    analytics: { mostVisitedPages: { url: string; count: number }[]; httpStatusCodes: Record<string, number> }
  }
  expect(body.success).toBe(true)
  expect(body.analytics.mostVisitedPages[0]).toEqual({ url: path, count: 3002 })
  expect(body.analytics.httpStatusCodes['418']).toBeGreaterThanOrEqual(1)
  const logs = await page.request.get('/api/admin/logs')
  expect(await logs.json()).toMatchObject({ success: true, logs: expect.stringContaining(path) })
  await context.close()
})

test('Export CSV downloads a dated file with a header row', async ({ browser }) => {
  const path = await seedTraffic({ storeEntries: true })
  const { context, page } = await signedInPage(browser, { at: '/admin/logs' })
  const response = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('text/csv')
  expect(response.headers()['content-disposition']).toMatch(/attachment; filename="access-logs-\d{4}-\d{2}-\d{2}\.csv"/)
  const text = await response.text()
  // Text cells are always quoted, so no spreadsheet reads one as a number, date or formula.
  expect(text.split('\r\n')[0]).toBe('"timestamp","method","path","status","response_time_ms","visitor_key","user_agent","referrer"')
  expect(text).toContain(`,"GET","${path}",200,5,`)
  await context.close()
})

for (const size of STAFF_SIZES)
  test(`without JavaScript the logs page shows analytics and switches to raw logs by link, at ${size.width} px`, async ({ browser }) => {
    test.slow() // two pages, each axe-checked
    const path = await seedTraffic()
    const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, viewport: size, at: '/admin/logs' })
    await expect(page.getByTestId('analytics-cards')).toContainText('Total Requests')
    await expect(page.getByRole('region', { name: 'Most Visited Pages' })).toContainText(path)
    // The chart is drawn by the server: no script needed to see it.
    await expect(page.getByTestId('traffic-chart').getByRole('img')).toBeVisible()
    await expect(page.getByTestId('traffic-chart').locator('svg g[data-hour]')).toHaveCount(24)
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxeProblemsWithoutScript(browser, page)
    await page.getByRole('link', { name: 'Raw Logs' }).click()
    await expect(page).toHaveURL('/admin/logs?tab=raw')
    await expect(page.getByRole('link', { name: 'Raw Logs' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('raw-logs')).toContainText(path)
    await expectNoSidewaysScroll(page)
    await expectNoSeriousAxeProblemsWithoutScript(browser, page)
    await context.close()
  })

test('with JavaScript, a refresh or tab switch that gets no answer shows the connection banner, and the next one brings the data back', async ({
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/net::ERR_INTERNET_DISCONNECTED/)
  await seedTraffic()
  const { context, page } = await signedInPage(browser, { at: '/admin/logs' })
  const banner = page.getByRole('alert').filter({ hasText: 'Error connecting to server' })
  await expect(page.getByTestId('analytics-cards')).toContainText('Total Requests')
  await expect(banner).toHaveCount(0)

  // Refresh reloads the page's data with a fetch of /admin/logs.data: the network drops it.
  let dropped = 0
  await page.route('**/admin/logs.data*', async (route) => {
    dropped++
    await route.abort('internetdisconnected')
  })
  await page.getByRole('link', { name: 'Refresh' }).click()
  await expect(banner).toBeVisible()
  expect(dropped).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Logs' })).toBeVisible()
  await expect(page.getByTestId('analytics-cards')).toHaveCount(0)

  // A tab switch that gets no answer shows the banner too, not the error page.
  const views = page.getByRole('navigation', { name: 'Log views' })
  await views.getByRole('link', { name: 'Raw Logs' }).click()
  await expect(page).toHaveURL(/tab=raw/)
  await expect(banner).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Access Logs' })).toBeVisible()

  await page.unroute('**/admin/logs.data*')
  await views.getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByTestId('analytics-cards')).toContainText('Total Requests')
  await expect(banner).toHaveCount(0)
  await context.close()
})

test('with JavaScript, a refresh the server fails shows Failed to fetch analytics (or logs) in the page, not the error page', async ({
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/)
  await seedTraffic()
  const { context, page } = await signedInPage(browser, { at: '/admin/logs' })
  await expect(page.getByTestId('analytics-cards')).toContainText('Total Requests')
  await page.route('**/admin/logs.data*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failure' }))
  await page.getByRole('link', { name: 'Refresh' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch analytics' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Access Logs' })).toBeVisible()
  await expect(page.getByText('upstream failure')).toHaveCount(0)
  await expect(page.getByText('Something went wrong')).toHaveCount(0)

  await page.getByRole('navigation', { name: 'Log views' }).getByRole('link', { name: 'Raw Logs' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch logs' })).toBeVisible()

  await page.unroute('**/admin/logs.data*')
  await page.getByRole('navigation', { name: 'Log views' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByTestId('analytics-cards')).toContainText('Total Requests')
  await context.close()
})
