import { expect, test } from './support/test'

test('the home page shows a headline and plans rendered by the server', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Modern Technology Solutions for Your Business' })).toBeVisible()
  await expect(page.locator('#professional-price')).toContainText('per month')
})

test('a visitor without JavaScript gets the same server-rendered content', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modern Technology Solutions for Your Business')
  await expect(page.locator('#essential-price')).toBeVisible()
  await context.close()
})
