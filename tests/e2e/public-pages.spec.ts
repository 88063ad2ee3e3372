import { expect, test } from './support/test'
import { untilHydrated } from './support/hydration'

test.describe('news', () => {
  test('the home page shows nine news cards that open their articles', async ({ page }) => {
    await page.goto('/')
    const news = page.locator('#news')
    await expect(news.getByRole('link', { name: /^Read More/ })).toHaveCount(9)
    await news.locator('a[href="/news/ftc-safeguards-rule"]', { hasText: 'Read More' }).click()
    await expect(page).toHaveURL(/\/news\/ftc-safeguards-rule$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FTC Safeguards Rule')
    await expect(page.getByText('$46,517', { exact: false }).first()).toBeVisible()
    await expect(page.getByText('June 2025', { exact: false }).first()).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('an article shows its date, body, Back to News and Contact Us to the contact section', async ({ page }) => {
    const response = await page.goto('/news/data-fencing')
    expect(response?.status()).toBe(200)
    await expect(page.locator('main time')).toHaveText('May 1, 2025')
    await expect(page.locator('main article p').nth(2)).toBeVisible()
    await expect(page).toHaveTitle(/Data Fencing/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/news\/data-fencing$/)
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('"NewsArticle"'), expect.stringContaining('"ProfessionalService"')]),
    )
    await page.getByRole('link', { name: 'Contact Us' }).last().click()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeInViewport()
  })

  test('an article without its own picture shows the default logo image', async ({ page }) => {
    await page.goto('/news/teams-phone-system')
    await expect(page.locator('main article img').first()).toHaveAttribute('src', '/images/news/default.svg')
    await page.getByRole('link', { name: 'Back to News' }).first().click()
    await expect(page).toHaveURL(/\/news$/)
    await expect(page.getByRole('heading', { level: 1, name: 'News and Insights' })).toBeVisible()
  })

  test('the tech trends article has its own layout with Get Started Today', async ({ page }) => {
    await page.goto('/news/small-business-tech-trends-2025')
    await expect(page.getByText('June 3, 2025').first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/#contact')
  })
})

test.describe('legal and resources pages', () => {
  for (const [path, heading, sections] of [
    ['/privacy-policy', 'Privacy Policy', 9],
    ['/terms-of-service', 'Terms of Service', 11],
  ] as const) {
    test(`${heading} shows its ${sections} sections and the last-updated date`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByText('Last updated May 13, 2025')).toBeVisible()
      await expect(page.locator('main section h2')).toHaveCount(sections)
    })
  }

  test('a contents link jumps to its section', async ({ page }) => {
    await page.goto('/privacy-policy')
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Cookies' }).click()
    await expect(page).toHaveURL(/#cookies$/)
    await expect.poll(async () => Math.round((await page.locator('#cookies').boundingBox())?.y ?? -1), { timeout: 5_000 }).toBe(100)
  })

  for (const [path, links] of [
    ['/privacy-policy', 1],
    ['/terms-of-service', 1],
    ['/security-policy', 2],
  ] as const) {
    test(`${path} links to the contact form instead of printing its address`, async ({ page }) => {
      await page.goto(path)
      const main = page.locator('main')
      await expect(main.getByRole('link', { name: 'contact form', exact: true })).toHaveCount(links)
      for (const link of await main.getByRole('link', { name: 'contact form', exact: true }).all()) {
        await expect(link).toHaveAttribute('href', '/#contact')
      }
      expect(await main.innerText()).not.toContain('/#contact')
    })
  }

  test('a contact form link in a legal page opens the contact section', async ({ page }) => {
    await page.goto('/security-policy')
    await page.locator('main').getByRole('link', { name: 'contact form', exact: true }).first().click()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeInViewport()
  })

  test('the terms name Georgia law and Fulton County courts', async ({ page }) => {
    await page.goto('/terms-of-service')
    await expect(page.locator('#governing-law')).toContainText('Georgia')
    await expect(page.locator('#governing-law')).toContainText('Fulton County')
  })

  test('the footer Resources link opens a hub of articles, policies and support hours', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Resources' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Security Policy' }).first()).toBeVisible()
    await expect(page.locator('main').getByText('Monday - Friday: 8:30 AM - 5:30 PM ET')).toBeVisible()
  })
})

test.describe('not found', () => {
  // The browser notes the page's own 404 status in the console.
  test.use({ allowedConsoleErrors: [/status of 404/] })

  test('an unknown path answers 404 with the not-found page and goes home after 5 seconds', async ({ page }) => {
    // Time stands still from the start: the 5 seconds count from hydration, which on a busy machine
    // comes seconds after the page shows, so a clock that flowed would ring before the test looks.
    const start = new Date('2026-01-05T09:00:00Z')
    await page.clock.install({ time: start })
    await page.clock.pauseAt(new Date(start.getTime() + 60_000))
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact Us' })).toBeVisible()
    await untilHydrated(page, '#redirect-note')
    await page.clock.runFor(4_900)
    await expect(page).toHaveURL(/\/no-such-page$/)
    await page.clock.runFor(200)
    await expect(page).toHaveURL(/\/$/)
    // The home page it arrives at wears the site's styles.
    await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed')
    await expect(page.getByRole('region', { name: 'Our work' })).toHaveCSS('border-radius', '16px')
  })

  test('a link the visitor followed before the 5 seconds ended wins, even when its page is slow to come', async ({ page }) => {
    const start = new Date('2026-01-05T09:00:00Z')
    await page.clock.install({ time: start })
    await page.clock.pauseAt(new Date(start.getTime() + 60_000))
    await page.goto('/no-such-page')
    await untilHydrated(page, '#redirect-note')
    // The home page's data is held back, as on a slow phone line, while the countdown runs out.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/_\.data(\?|$)/, async (route) => {
      await held
      await route.continue()
    })
    const dataAsked = page.waitForRequest(/\/_\.data(\?|$)/)
    await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click()
    await dataAsked
    await page.clock.runFor(6_000)
    release()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed')
    await expect.poll(async () => Math.round((await page.locator('#contact').boundingBox())?.y ?? -1)).toBe(100)
  })

  test('an unknown article answers 404 with the same page, and its way home keeps the site styled', async ({ page }) => {
    const response = await page.goto('/news/no-such-article')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible()
    // The root error boundary shows this page; leaving it mounts the page frame anew.
    await untilHydrated(page, '#redirect-note')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Modern Technology Solutions for Your Business' })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed')
    await expect(page.getByRole('region', { name: 'Our work' })).toHaveCSS('border-radius', '16px')
  })

  test('without JavaScript the 404 page still sends the visitor home', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const response = await page.goto('/somewhere/else')
    expect(response?.status()).toBe(404)
    await page.waitForURL((url) => url.pathname === '/', { timeout: 9_000 })
    await expect(page.getByRole('heading', { level: 1, name: 'Modern Technology Solutions for Your Business' })).toBeVisible()
    await context.close()
  })
})

test.describe('findability', () => {
  test('sitemap.xml lists every public page and robots.txt points to it', async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.headers()['content-type']).toContain('xml')
    const xml = await sitemap.text()
    for (const path of [
      '/',
      '/news',
      '/news/data-fencing',
      '/news/teams-phone-system',
      '/privacy-policy',
      '/terms-of-service',
      '/security-policy',
      '/resources',
    ]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`)
    }
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  })

  test('the home page has its title, description, index robots, canonical link and business data', async ({ page, baseURL }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(/IT Services/)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'ProfessionalService',
      address: { addressLocality: 'Roswell', addressRegion: 'GA' },
    })
  })
})

test.describe('chrome on checkout pages', () => {
  for (const path of ['/checkout', '/checkout/2']) {
    test(`${path} shows the trust strip without the footer, and section links reload the home page`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('region', { name: 'Trust and security' })).toContainText('PCI Compliant')
      await expect(page.getByRole('contentinfo')).toHaveCount(0)
      // A full navigation starts a new document, so a marker left on this one disappears.
      await page.evaluate(() => Object.assign(window, { sameDocumentMarker: true }))
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
      await expect(page).toHaveURL(/\/#pricing$/)
      await expect(page.locator('#pricing-heading')).toBeInViewport()
      expect(await page.evaluate(() => 'sameDocumentMarker' in window)).toBe(false)
    })
  }

  test('elsewhere the footer shows with the trust strip, contact details and the current year', async ({ page }) => {
    await page.goto('/news')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`)
    await expect(footer).toContainText('Monday - Friday: 8:30 AM - 5:30 PM ET')
    for (const name of [
      'About Us',
      'Pricing',
      'News',
      'Contact',
      'Checkout',
      'Resources',
      'Privacy Policy',
      'Terms of Service',
      'Security Policy',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('region', { name: 'Trust and security' })).toContainText('Secure Transactions')
  })
})

test('a printed page leaves out the fixed header, the chat button and toasts, and keeps the content', async ({ page }) => {
  await page.goto('/privacy-policy')
  await expect(page.getByRole('button', { name: 'Chat with support' })).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('header').first()).toBeHidden()
  await expect(page.getByRole('button', { name: 'Chat with support' })).toBeHidden()
  await expect(page.locator('#notifications')).toBeHidden()
})
