import { expect, type Page, test } from '@playwright/test'

const activeSlide = (page: Page) => page.locator('[data-slide][data-active="true"]')

test.describe('hero carousel', () => {
  test('dots, previous and next move between the four images and wrap both ways', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Our work' })
    await expect(carousel.getByRole('button', { name: 'Go to image 1' })).toBeVisible()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')

    await carousel.getByRole('button', { name: 'Previous image' }).click()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '3')
    await expect(activeSlide(page).getByRole('img')).toHaveAttribute('alt', 'A futuristic digital universe representing cloud technology')

    await carousel.getByRole('button', { name: 'Next image' }).click()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')

    await carousel.getByRole('button', { name: 'Go to image 3' }).click()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '2')
    await expect(carousel.getByRole('button', { name: 'Go to image 3' })).toHaveAttribute('aria-current', 'true')
  })

  test('the images advance by themselves every 8 seconds and wrap from the last to the first', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Go to image 1' })).toBeVisible()
    // Freeze time, then restart the timer with a manual move at a known moment. The click is
    // dispatched so neither the pointer nor the focus rests on the carousel (either would pause it).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await page.getByRole('button', { name: 'Go to image 3' }).dispatchEvent('click')
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '2')
    await page.clock.runFor(7_900)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '2')
    await page.clock.runFor(200)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '3')
    await page.clock.runFor(8_000)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')
    await page.clock.runFor(8_000)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '1')
  })

  test('the carousel holds still while the pointer rests on it', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Go to image 1' })).toBeVisible()
    await page.getByRole('region', { name: 'Our work' }).hover()
    await page.clock.runFor(20_000)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')
  })

  test('a visitor who asks for reduced motion sees no automatic slide changes', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.clock.install()
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Go to image 1' })).toBeVisible()
    await page.mouse.move(5, 700)
    await page.clock.runFor(20_000)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')
    await page.getByRole('button', { name: 'Next image' }).click()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '1')
    await context.close()
  })

  test('without JavaScript the first image shows and no dead buttons are offered', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('img', { name: 'A modern workspace with a tech support team helping clients' })).toBeVisible()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')
    await expect(page.getByRole('button', { name: 'Next image' })).toHaveCount(0)
    await context.close()
  })
})

test.describe('section links', () => {
  test('a navigation link smooth-scrolls to its section and leaves it 100 px below the top', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/#pricing$/)
    await expect.poll(async () => Math.round((await page.locator('#pricing').boundingBox())?.y ?? -1), { timeout: 5_000 }).toBe(100)
  })

  // A jump straight to a deep section lands exactly, with or without JavaScript.
  for (const javaScriptEnabled of [false, true]) {
    test(`opening /#news ${javaScriptEnabled ? 'with' : 'without'} JavaScript lands on the section 100 px below the top`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 800 } })
      const page = await context.newPage()
      await page.goto('/#news')
      await expect.poll(async () => Math.round((await page.locator('#news').boundingBox())?.y ?? -1), { timeout: 5_000 }).toBe(100)
      await context.close()
    })
  }

  test('the header is transparent at the top and turns solid white after scrolling', async ({ page }) => {
    await page.goto('/')
    const header = page.locator('header').first()
    await expect(header).toHaveAttribute('data-solid', 'false')
    await page.mouse.wheel(0, 400)
    await expect(header).toHaveAttribute('data-solid', 'true')
  })

  test('from an article, a navigation link opens the home page at that section', async ({ page }) => {
    await page.goto('/news/data-fencing')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click()
    await expect(page).toHaveURL(/\/#services$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Everything your technology needs' })).toBeInViewport()
  })

  test('Explore Services in the hero goes to the services and Learn more on a service goes to pricing', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Explore Services' }).click()
    await expect(page).toHaveURL(/#services$/)
    await page.getByRole('link', { name: /^Learn more about Managed IT Services/ }).click()
    await expect(page).toHaveURL(/#pricing$/)
    await expect(page.locator('#pricing-heading')).toBeInViewport()
  })
})

test.describe('sections the page does not hydrate', () => {
  // components/static-island.tsx: the server's HTML is kept as it is; one listener gives their links
  // what <Link> and <SectionLink> give theirs.
  test('keep the server HTML, and their links still navigate in the page', async ({ page }) => {
    // React marks every element it hydrates with a __reactFiber… property.
    const hydratedByReact = (selector: string) =>
      page.evaluate((target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__reactFiber')), selector)
    await page.goto('/')
    await expect.poll(() => hydratedByReact('#contact-form')).toBe(true)
    expect(await hydratedByReact('#essential-price')).toBe(false)
    expect(await hydratedByReact('footer a[href="/privacy-policy"]')).toBe(false)
    // A <Link> inside an island navigates client-side: the page's JavaScript state survives.
    await page.evaluate(() => ((window as unknown as { keptAcrossNavigation: boolean }).keptAcrossNavigation = true))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/privacy-policy$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy')
    expect(await page.evaluate(() => (window as unknown as { keptAcrossNavigation?: boolean }).keptAcrossNavigation)).toBe(true)
    // Back on the home page by client navigation, the sections render as usual.
    await page.goBack()
    await expect(page.locator('#essential-price')).toContainText('per month')
    expect(await hydratedByReact('#essential-price')).toBe(true)
    // A plain link inside an island (Get Started) stays a full page load, as SPEC §2 asks.
    await page.getByRole('link', { name: 'Get Started with Essential' }).click()
    await expect(page).toHaveURL(/\/checkout\?plan=1/)
    expect(await page.evaluate(() => (window as unknown as { keptAcrossNavigation?: boolean }).keptAcrossNavigation)).toBeUndefined()
  })
})

test.describe('pricing', () => {
  test('each plan shows its monthly price and a Get Started link to checkout with the plan', async ({ page }) => {
    const plans = (await (await page.request.get('/api/plans')).json()) as { id: number; name: string; popular: boolean }[]
    expect(plans.length).toBeGreaterThan(0)
    await page.goto('/')
    for (const plan of plans) {
      await expect(page.locator(`#${plan.name.toLowerCase()}-price`)).toContainText('per month')
      await expect(page.getByRole('link', { name: `Get Started with ${plan.name}` })).toHaveAttribute('href', `/checkout?plan=${plan.id}`)
    }
    const popular = plans.find((plan) => plan.popular)
    if (popular) await expect(page.locator('[data-popular="true"]')).toContainText('Most Popular')
    await expect(page.getByText('Monthly Billing')).toBeVisible()
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('the menu button opens the menu, and a section link closes it', async ({ page }) => {
    await page.goto('/')
    const menu = page.getByTestId('mobile-menu')
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeHidden()
    await menu.locator('summary').click()
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible()
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeHidden()
    await expect(page).toHaveURL(/#pricing$/)
  })

  test('a click outside the open menu closes it', async ({ page }) => {
    await page.goto('/')
    const menu = page.getByTestId('mobile-menu')
    await menu.locator('summary').click()
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible()
    await page.waitForTimeout(150)
    await page.mouse.click(200, 700)
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeHidden()
  })

  test('the menu closes when the page changes', async ({ page }) => {
    await page.goto('/news')
    const menu = page.getByTestId('mobile-menu')
    await menu.locator('summary').click()
    await menu.getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/#about$/)
    await expect(menu.getByRole('link', { name: 'About' })).toBeHidden()
  })

  test('without JavaScript the menu still opens and its links work', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } })
    const page = await context.newPage()
    await page.goto('/news')
    const menu = page.getByTestId('mobile-menu')
    await menu.locator('summary').click()
    await expect(menu.getByRole('link', { name: 'Solutions' })).toBeVisible()
    await menu.getByRole('link', { name: 'Solutions' }).click()
    await expect(page).toHaveURL(/\/#solutions$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Built for your industry' })).toBeInViewport()
    await context.close()
  })
})
