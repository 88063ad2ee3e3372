import type { Page } from '@playwright/test'
import { type AppServer, startAppServer } from '../support/app-server'
import { clientAddressHeaders } from './support/client-address'
import { untilHydrated } from './support/hydration'
import { E2E_APP_SETTINGS, e2eDatabaseUri } from './support/e2e-server'
import { closeE2eDatabase, e2eDatabase, uniqueLabel } from './support/staff'
import { expect, test } from './support/test'

// Faults a buyer met on the public side, each fixed: prices in one format, the users error once,
// checkout's prices clear of the chat button on a phone, the contact form's errors in view
// without JavaScript, and "Request this plan" when card payments are off.

test.afterAll(closeE2eDatabase)

const PRICE = /^\$\d{1,3}(,\d{3})*\.\d{2}$/

test('the home page and checkout show a plan’s price the same way', async ({ page }) => {
  await page.goto('/#pricing')
  const home = (await page.locator('#professional-price span').first().innerText()).trim()
  expect(home).toMatch(PRICE)
  await page.goto('/checkout/2')
  await expect(page.getByTestId('plan-2')).toContainText(home)
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(`${home}/month`)
})

for (const javaScriptEnabled of [true, false]) {
  test(`checkout says what is wrong with the number of users once (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    await page.goto('/checkout/2?microsoft365=business_standard&ms365_users=0')
    await expect(page.getByText('Users must be a whole number from 1 to 1000')).toHaveCount(1)
    await expect(page.getByText('The total shows once the number of users is valid.')).toBeVisible()
    await context.close()
  })

  test(`on a phone, the chat button never covers checkout's prices (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto('/checkout/2?microsoft365=business_standard&ms365_users=12&cloud_backup=true')
    await expect(page.getByRole('heading', { name: 'Almost There!' })).toBeVisible()
    await expect(
      page.getByRole('button', { name: 'Chat with support' }).or(page.getByRole('link', { name: 'Chat with support', exact: true })),
    ).toHaveCount(0)
    // Scroll each price to the bottom right, where the button would float: it is the price that is there.
    for (const price of await page.getByRole('region', { name: 'Order Summary' }).locator('dd, p.font-semibold').all()) {
      await price.evaluate((element) => element.scrollIntoView({ block: 'end' }))
      const box = (await price.boundingBox())!
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('a, button')?.getAttribute('aria-label') ?? null,
        {
          x: box.x + box.width - 2,
          y: box.y + box.height / 2,
        },
      )
      expect(onTop).toBeNull()
    }
    await expect(page.getByRole('link', { name: 'Questions? Chat with support' })).toHaveAttribute('href', '/chat')
    await context.close()
  })
}

test('without JavaScript, a refused contact form comes back at its own section with its errors in view', async ({
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: clientAddressHeaders(),
  })
  const page = await context.newPage()
  await page.goto('/')
  const form = page.locator('#contact-form')
  // The browser's own checks are on before any script: an empty name stops the post.
  await expect(form).not.toHaveAttribute('novalidate')
  await form.getByLabel('Name').fill('A ')
  await form.getByLabel('Email').fill('casey@example.com')
  await form.getByLabel('Phone (optional)').fill('555-0100')
  await form.getByLabel('Message').fill('Please quote managed IT for two offices.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page).toHaveURL(/#contact-form$/)
  await expect(form.getByText('Name must be at least 2 characters')).toBeInViewport()
  await context.close()
})

test('with JavaScript the contact form takes over the checks once it has loaded', async ({ page }) => {
  await page.goto('/#contact')
  await untilHydrated(page, '#contact-form')
  await expect(page.locator('#contact-form')).toHaveAttribute('novalidate')
})

test.describe('a site without card payments', () => {
  let site: AppServer

  test.beforeAll(async () => {
    // Another instance on the e2e database, without Stripe keys.
    site = await startAppServer({ mongodbUri: e2eDatabaseUri(), env: { ...E2E_APP_SETTINGS, SESSION_SECRET: '', LOG_LEVEL: 'error' } })
  })
  test.afterAll(() => site?.stop())

  async function requestPlan(page: Page, name: string) {
    await page.goto(`${site.url}/checkout/2?microsoft365=business_premium&ms365_users=7&cloud_backup=true`)
    const request = page.getByTestId('plan-request')
    await expect(request.getByRole('heading', { name: 'Request this plan' })).toBeVisible()
    await expect(request.getByRole('link', { name: /Call \(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/)
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0)
    await request.getByLabel('Name').fill(name)
    await request.getByLabel('Email').fill('request@example.com')
    await request.getByLabel('Phone (optional)').fill('(770) 555-0100')
    await request.getByRole('button', { name: 'Request this plan' }).click()
    await expect(page.getByTestId('toast')).toContainText('Plan request sent')
    await expect(page).toHaveURL(/\/checkout\/2\?microsoft365=business_premium&ms365_users=7&cloud_backup=true/)
    const saved = await (await e2eDatabase()).collection('contacts').findOne({ name })
    expect(saved?.message).toContain('Microsoft 365 Business Premium for 7 users')
    expect(saved?.message).toContain('Cloud backup: yes, for 7 users')
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`the payment step sends the configured plan as an enquiry (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: clientAddressHeaders() })
      await requestPlan(await context.newPage(), uniqueLabel('Plan Request'))
      await context.close()
    })
  }
})
