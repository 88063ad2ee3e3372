import { randomBytes } from 'node:crypto'
import { accessLogEntriesPending, type AppServer, startAppServer } from '../support/app-server'
import { E2E_APP_SETTINGS, e2eDatabaseUri } from './support/e2e-server'
import { STAFF } from './support/staff'
import { expect, test } from './support/test'

// Page views against requests on the same traffic: a visitor's walk through the site and a staff
// member's round of the console, on an instance with a database of its own. Run on demand
// (`npm run bench:page-views`); docs/analytics.md quotes its figures.

let site: AppServer
const metricsToken = randomBytes(16).toString('hex')
test.beforeAll(async () => {
  const uri = e2eDatabaseUri().replace(/e2e$/, `measure_${randomBytes(3).toString('hex')}`)
  site = await startAppServer({
    mongodbUri: uri,
    env: { ...E2E_APP_SETTINGS, SESSION_SECRET: '', LOG_LEVEL: 'error', METRICS_TOKEN: metricsToken },
  })
})
test.afterAll(() => site?.stop())

test('page views against requests for a visitor’s walk and a staff round', async ({ browser }) => {
  test.setTimeout(120_000)
  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  const url = (path: string) => `${site.url}${path}`
  // A visitor from a search engine reads the home page, the news and an article, then checks out.
  await page.goto(url('/'), { referer: 'https://www.google.com/' })
  await page.locator('#news a[href="/news"]').click()
  await expect(page).toHaveURL(url('/news'))
  await page.locator('main a[href^="/news/"]').first().click()
  await expect(page).toHaveURL(/\/news\/[a-z0-9-]+$/)
  await page.goto(url('/checkout/2'), { referer: page.url() })
  await expect(page.getByRole('heading', { name: 'Almost There!' })).toBeVisible()
  // Four option changes: not views.
  await page.getByRole('radio', { name: /Business Standard/ }).check()
  await page.getByRole('radio', { name: /Business Premium/ }).check()
  await page.getByLabel('Number of users').fill('12')
  await page.getByRole('switch').check()
  await page.waitForLoadState('networkidle')
  await visitor.close()

  // A staff member signs in and goes round the console.
  const staff = await browser.newContext()
  const desk = await staff.newPage()
  await desk.goto(url('/admin-login'))
  await desk.getByLabel('Username').fill(STAFF.username)
  await desk.getByLabel('Password').fill(STAFF.password)
  await Promise.all([desk.waitForURL(url('/admin')), desk.getByRole('button', { name: 'Sign in' }).click()])
  for (const path of ['/admin/orders', '/admin/chats', '/admin/content', '/admin/logs', '/admin/logs?tab=raw']) {
    await desk.goto(url(path))
    await desk.waitForLoadState('networkidle')
  }
  // The access log writes in the background; /metrics (never logged itself) says when it has caught up.
  await expect.poll(() => accessLogEntriesPending(site.url, metricsToken), { timeout: 30_000, intervals: [200] }).toBe(0)
  const body = (await (await desk.request.get(url('/api/admin/logs/analytics?range=24h'))).json()) as {
    analytics: { totalRequests: number; pageViews: number; visits: number; topPages: { path: string; views: number }[] }
  }
  const { totalRequests, pageViews, visits, topPages } = body.analytics
  console.log(JSON.stringify({ totalRequests, pageViews, visits, topPages }))
  expect(pageViews).toBe(4)
  expect(visits).toBe(1)
  await staff.close()
})
