import type { Page } from '@playwright/test'
import { hydratedByReact as isHydrated, untilHydrated } from './support/hydration'
import { expect, test } from './support/test'

const activeSlide = (page: Page) => page.locator('[data-slide][data-active="true"]')

test.describe('hero carousel', () => {
  test('dots, previous and next move between the four images and wrap both ways', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Our work' })
    await expect(carousel.getByRole('button', { name: 'Go to image 1' })).toBeVisible()
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '0')
    // Before hydration the buttons are inert: a click then would be lost.
    await untilHydrated(page, '[aria-label="Our work"]')

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
    await untilHydrated(page, '[aria-label="Our work"]')
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

  test('only the first picture comes with the page; the next is fetched shortly before it shows, all once pointed at', async ({ page }) => {
    const requested = new Set<string>()
    page.on('request', (request) => {
      const slide = /\/images\/hero\/(slide-\d)\.svg/.exec(request.url())?.[1]
      if (slide) requested.add(slide)
    })
    const picture = (slide: number) => page.locator(`[data-slide="${slide}"] img`)
    await page.clock.install()
    await page.goto('/')
    await untilHydrated(page, '[aria-label="Our work"]')
    await expect(picture(0)).toHaveCount(1)
    // A manual move (dispatched, so the pointer does not rest on the carousel) restarts the timer at a known moment.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await page.getByRole('button', { name: 'Go to image 2' }).dispatchEvent('click')
    await expect(picture(1)).toHaveCount(1)
    await page.clock.runFor(5_900)
    await expect(picture(2)).toHaveCount(0)
    await page.clock.runFor(200)
    await expect(picture(2)).toHaveCount(1)
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '1')
    await expect(picture(3)).toHaveCount(0)
    // The browser asks for an inserted picture a moment later; nothing has asked for the fourth.
    await expect.poll(() => [...requested].sort()).toEqual(['slide-1', 'slide-2', 'slide-3'])

    await page.getByRole('region', { name: 'Our work' }).hover()
    await expect(page.locator('[data-slide] img')).toHaveCount(4)
    await expect.poll(() => requested.has('slide-4')).toBe(true)
  })

  test('the carousel holds still while the pointer rests on it', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Go to image 1' })).toBeVisible()
    // The pointer must arrive after hydration, or React never hears it enter.
    await untilHydrated(page, '[aria-label="Our work"]')
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
    await expect(page.locator('[data-slide] img')).toHaveCount(1)
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

  // SPEC §2: elsewhere, section links smooth-scroll to the section with the 100 px offset.
  for (const from of ['/news/data-fencing', '/privacy-policy', '/resources', '/no-such-page']) {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      test(`from ${from}, Services lands on the home page and ${reducedMotion === 'reduce' ? 'jumps (reduced motion)' : 'scrolls smoothly'} to the section`, async ({
        browser,
        allowConsoleErrors,
      }) => {
        if (from === '/no-such-page') allowConsoleErrors(/status of 404/)
        const context = await browser.newContext({ reducedMotion })
        const page = await context.newPage()
        await page.goto(from)
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
        // How the page is asked to scroll (a client navigation keeps this document and its spy).
        await page.evaluate(() => {
          const asked: string[] = []
          Object.assign(window, { scrollBehaviours: asked })
          const scrollTo = window.scrollTo.bind(window)
          window.scrollTo = ((...args: [ScrollToOptions] | [number, number]) => {
            const options = args[0]
            asked.push(typeof options === 'object' ? (options.behavior ?? 'auto') : 'auto')
            scrollTo(...(args as [number, number]))
          }) as typeof window.scrollTo
        })
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click()
        await expect(page).toHaveURL(/\/#services$/)
        await expect.poll(async () => Math.round((await page.locator('#services').boundingBox())?.y ?? -1), { timeout: 5_000 }).toBe(100)
        const asked = await page.evaluate(() => (window as unknown as { scrollBehaviours: string[] }).scrollBehaviours)
        expect(asked.at(-1)).toBe(reducedMotion === 'reduce' ? 'auto' : 'smooth')
        await context.close()
      })
    }
  }

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
    const hydratedByReact = (selector: string) => isHydrated(page, selector)
    await page.goto('/')
    await expect.poll(() => hydratedByReact('nav[aria-label="Main"]')).toBe(true)
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

test.describe('what a visit asks of the server', () => {
  // react-router.config.ts: every route's entry comes with the first load, so the router never asks
  // the server which routes a page's links lead to.
  test('the page, its files and each navigation’s data, and no route manifest', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await page.goto('/news/data-fencing')
    await untilHydrated(page, 'nav[aria-label="Main"]')
    await page.getByRole('link', { name: 'Back to News' }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News and Insights')
    await page
      .getByRole('link', { name: /FTC Safeguards Rule/ })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FTC Safeguards Rule')
    // Both were client navigations: the page's data, not a document.
    expect(asked).toEqual(expect.arrayContaining(['/news.data', '/news/ftc-safeguards-rule.data']))
    const others = asked.filter((path) => !/^\/(assets|images)\/|^\/favicon\.svg$|\.data$/.test(path))
    expect(others).toEqual(['/news/data-fencing'])
  })
})

test.describe('the contact form, far below the first screen', () => {
  // components/hydrate-when-near.tsx
  test('is hydrated only when it nears the viewport', async ({ page }) => {
    const hydratedByReact = (selector: string) => isHydrated(page, selector)
    await page.goto('/')
    await expect.poll(() => hydratedByReact('nav[aria-label="Main"]')).toBe(true)
    // Hydration of the rest of the page is over: the hero's controls are there.
    await expect(page.getByRole('button', { name: 'Next image' })).toBeVisible()
    expect(await hydratedByReact('#contact-form')).toBe(false)
    await expect(page.locator('#contact-form input[name="enhanced"]')).toHaveCount(0)
    await page.locator('#contact-form').scrollIntoViewIfNeeded()
    await expect.poll(() => hydratedByReact('#contact-form')).toBe(true)
    await expect(page.locator('#contact-form input[name="enhanced"]')).toHaveCount(1)
  })

  test('hydrates and checks its fields on a page whose form HTML the server wrote from memory', async ({ page }) => {
    // A query the page does not know goes past the page cache, so each load is a render; within the
    // honeypot's 10 s a worker writes the form as it first rendered it (ServerRenderedOnce). Three
    // loads: two of them reach the same one of the two workers.
    for (const load of [1, 2, 3]) await page.goto(`/?form-from-memory=${load}`)
    const form = page.locator('#contact-form')
    await form.scrollIntoViewIfNeeded()
    await expect.poll(() => isHydrated(page, '#contact-form')).toBe(true)
    await form.getByLabel('Name').fill('J')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible()
  })

  test('is rendered and enhanced at once when a client navigation brings the visitor to the home page', async ({ page }) => {
    await page.goto('/news')
    await expect.poll(() => isHydrated(page, 'nav[aria-label="Main"]')).toBe(true)
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roswell IT Solutions' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('#contact-form input[name="enhanced"]')).toHaveCount(1)
    expect(await page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument)).toBe(true)
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
    // Opened before hydration, the menu is the native one, which only its button closes.
    await untilHydrated(page, '[data-testid="mobile-menu"]')
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
    await untilHydrated(page, '[data-testid="mobile-menu"]')
    const menu = page.getByTestId('mobile-menu')
    await menu.locator('summary').click()
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible()
    // The outside-click listener is attached 100 ms after opening, so the opening click is not it.
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

test.describe('contact section', () => {
  test('shows the phone line, e-mail link, street address and business hours the footer shows', async ({ page }) => {
    await page.goto('/')
    const details = page.locator('#contact').getByRole('listitem')
    const footer = page.getByRole('contentinfo')
    for (const text of ['1080 Holcomb Bridge Road, Suite 200', 'Roswell, GA 30076', 'Monday - Friday: 8:30 AM - 5:30 PM ET']) {
      await expect(details.filter({ hasText: text })).toHaveCount(1)
      await expect(footer).toContainText(text)
    }
    await expect(page.locator('#contact').getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142')
    await expect(page.locator('#contact').getByRole('link', { name: 'support@roswellitsolutions.com' })).toHaveAttribute(
      'href',
      'mailto:support@roswellitsolutions.com',
    )
  })
})
