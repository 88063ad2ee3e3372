import { expect, test } from './support/test'
import { seedNews } from '../../app/catalogue/seed-news'
import { publicPagePaths } from '../../app/catalogue/public-pages'
import { axeScan } from './support/readable'

// Every public page (the seeded articles among them), plus the 404 page and a small screen with the menu open.
for (const path of [...publicPagePaths(), ...seedNews.map((article) => `/news/${article.slug}`), '/no-such-page']) {
  test(`${path} hydrates without errors and axe finds no serious or critical problem`, async ({ page, allowConsoleErrors }) => {
    // The fixture fails the test on any page or console error; the 404 page's own status is expected.
    if (path === '/no-such-page') allowConsoleErrors(/status of 404/)
    if (path === '/') test.slow() // the long home page: axe alone takes 10-15 s on a quiet machine
    await page.goto(path, { waitUntil: 'networkidle' })
    const results = await axeScan(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test('axe finds no serious or critical problem in the open mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await page.getByTestId('mobile-menu').locator('summary').click()
  const results = await axeScan(page).analyze()
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(blocking.map((violation) => violation.id)).toEqual([])
})
