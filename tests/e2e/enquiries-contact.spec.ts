import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { clientAddressHeaders } from './support/client-address'
import { untilBurstFitsInWindow } from '../support/rate-limit-window'
import { CONTACT_RATE_LIMIT } from '../../app/enquiries/limits.server'

const SUCCESS_TITLE = 'Message Sent Successfully!'
const SUCCESS_TEXT = "Thank you for your message. We'll get back to you soon."

function contactForm(page: Page) {
  return page.locator('#contact-form')
}

/**
 * The form is enhanced once React has hydrated it (it then carries the `enhanced` field), which it
 * does when the form nears the viewport (components/hydrate-when-near.tsx).
 */
async function waitForEnhancedForm(page: Page) {
  await contactForm(page).scrollIntoViewIfNeeded()
  await expect(contactForm(page).locator('input[name="enhanced"]')).toHaveCount(1)
}

/** Holds back the form's rules (zod and the schema, loaded on first focus) until the returned function is called. */
async function holdFormRules(page: Page) {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/contact-form-validation-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('the contact form with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(clientAddressHeaders())
  })

  test('a visitor sends a message without a reload, sees the toast, and can reopen it in the hidden panel', async ({ page }) => {
    await page.goto('/')
    await waitForEnhancedForm(page)
    const form = contactForm(page)
    // The page must not reload: a marker on window survives only a fetcher submission.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }))

    // Bad input is caught in the browser with the spec's messages beside the fields.
    await form.getByLabel('Name').fill('J')
    await form.getByLabel('Email').fill('jordan@')
    await form.getByLabel('Phone (optional)').fill('555-0100')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible()
    await expect(form.getByText('Please enter a valid email address')).toBeVisible()
    await expect(form.getByText('Please enter at least 10 digits for your phone number')).toBeVisible()
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')

    await form.getByLabel('Name').fill('Jordan Ellis')
    await form.getByLabel('Email').fill('jordan@example.com')
    await form.getByLabel('Phone (optional)').fill('')
    await form.getByLabel('Service Interested In (optional)').selectOption({ label: 'VoIP Services' })
    await form.getByLabel('Message').fill('We need <b>VoIP</b> phones for 12 desks.')

    // Hold the request until the sending state has been seen.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      async (route) => {
        if (route.request().method() === 'POST') await held
        await route.continue()
      },
    )
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    release()

    const toast = page.getByTestId('toast')
    await expect(toast).toContainText(SUCCESS_TITLE)
    await expect(toast).toContainText(SUCCESS_TEXT)
    await expect(form.getByLabel('Name')).toHaveValue('')
    await expect(form.getByLabel('Message')).toHaveValue('')
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)

    // The Last Form Submission panel stays hidden until the e-mail link is double-clicked.
    const panel = page.getByRole('region', { name: 'Last Form Submission' })
    await expect(panel).toHaveCount(0)
    await page.locator('#contact a[href^="mailto:"]').dblclick()
    await expect(panel).toBeVisible()
    await expect(panel).toContainText('Jordan Ellis')
    await expect(panel).toContainText('jordan@example.com')
    await expect(panel).toContainText('Not provided')
    await expect(panel).toContainText('VoIP Services')
    // Shown as text: the tags the visitor typed are visible, not rendered.
    await expect(panel).toContainText('We need <b>VoIP</b> phones for 12 desks.')
    await expect(panel).toContainText('Received')
    await panel.getByRole('button', { name: 'Close last form submission' }).click()
    await expect(panel).toHaveCount(0)
  })

  // The form's rules (zod and the schema) load on first focus. A send pressed before they arrive
  // is held and repeated once they have: it must go out once, validated, with no page error.
  for (const how of ['button', 'Enter key'] as const) {
    test(`a send by ${how} before the form's rules have loaded goes out once they arrive`, async ({ page }) => {
      const releaseRules = await holdFormRules(page)
      await page.goto('/')
      await waitForEnhancedForm(page)
      const form = contactForm(page)
      await form.getByLabel('Name').fill('Held Hanna')
      await form.getByLabel('Email').fill('hanna@example.com')
      await form.getByLabel('Message').fill('Sent before the rules had loaded.')
      const posts: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url())
      })
      if (how === 'button') await form.getByRole('button', { name: 'Send Message' }).click()
      else await form.getByLabel('Email').press('Enter')
      await page.waitForTimeout(300)
      expect(posts).toEqual([])
      releaseRules()
      await expect(page.getByTestId('toast')).toContainText(SUCCESS_TITLE)
      expect(posts).toHaveLength(1)
      await expect(form.getByLabel('Name')).toHaveValue('')
    })
  }

  test("a held send with mistakes shows every field's message once the rules arrive, and sends nothing", async ({ page }) => {
    const releaseRules = await holdFormRules(page)
    await page.goto('/')
    await waitForEnhancedForm(page)
    const form = contactForm(page)
    await form.getByLabel('Name').fill('J')
    await form.getByLabel('Email').fill('jordan@')
    await form.getByLabel('Phone (optional)').fill('555-0100')
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await form.getByRole('button', { name: 'Send Message' }).click()
    releaseRules()
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter at least 10 digits for your phone number',
      'Message must be at least 10 characters',
    ]) {
      await expect(form.getByText(message)).toBeVisible()
    }
    expect(posts).toEqual([])
  })

  test('a refused submission shows the server message in a Form Submission Error toast', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 429/)
    const headers = clientAddressHeaders()
    await page.setExtraHTTPHeaders(headers)
    // Use up this address's allowance through the JSON API (the form and API share it), then send
    // one more from the page, all in one window of the limit.
    // The wait for a new window comes on top of the test's own time.
    test.setTimeout(test.info().timeout + 45_000)
    await untilBurstFitsInWindow(CONTACT_RATE_LIMIT.windowMs, 45_000)
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      const response = await request.post('/api/contact', {
        headers,
        data: { name: 'Rate Tester', email: 'rate@example.com', message: `Enquiry number ${i} for the limit.` },
      })
      expect(response.status()).toBe(201)
    }
    await page.goto('/')
    await waitForEnhancedForm(page)
    const form = contactForm(page)
    await form.getByLabel('Name').fill('Rate Tester')
    await form.getByLabel('Email').fill('rate@example.com')
    await form.getByLabel('Message').fill('One message too many for this address.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText('Form Submission Error')
    await expect(toast).toContainText('Please wait a few minutes')
    await expect(toast).toHaveAttribute('data-variant', 'destructive')
    // Nothing typed is lost after a failure.
    await expect(form.getByLabel('Message')).toHaveValue('One message too many for this address.')
  })
})

test.describe('the contact form when the server does not answer', () => {
  test('the visitor sees "Failed to receive response from server." and keeps what they typed', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/net::ERR_CONNECTION_REFUSED/)
    await page.setExtraHTTPHeaders(clientAddressHeaders())
    await page.goto('/')
    await waitForEnhancedForm(page)
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()),
    )
    const form = contactForm(page)
    await form.getByLabel('Name').fill('Offline Owens')
    await form.getByLabel('Email').fill('owens@example.com')
    await form.getByLabel('Message').fill('Sent while the network is down.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText('Form Submission Error')
    await expect(toast).toContainText('Failed to receive response from server.')
    await expect(form.getByLabel('Message')).toHaveValue('Sent while the network is down.')
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  })
})

test.describe('the contact form without JavaScript', () => {
  test('errors come back beside the fields with the typed values kept, then success redirects to #contact', async ({
    browser,
    allowConsoleErrors,
  }) => {
    // The refused post answers 400, which the browser notes in the console.
    allowConsoleErrors(/status of 400/)
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: clientAddressHeaders() })
    const page = await context.newPage()
    await page.goto('/#contact')
    const form = contactForm(page)
    // Values the browser's own checks let through but the server's rules refuse.
    await form.getByLabel('Name').fill('A ')
    await form.getByLabel('Email').fill('casey@example.com')
    await form.getByLabel('Phone (optional)').fill('555-0100')
    await form.getByLabel('Message').fill('Please quote managed IT for two offices.')
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send Message' }).click(),
    ])
    expect(refused.status()).toBe(400)
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible()
    await expect(form.getByText('Please enter at least 10 digits for your phone number')).toBeVisible()
    await expect(form.getByLabel('Email')).toHaveValue('casey@example.com')
    await expect(form.getByLabel('Phone (optional)')).toHaveValue('555-0100')
    await expect(form.getByLabel('Message')).toHaveValue('Please quote managed IT for two offices.')

    await form.getByLabel('Name').fill('Casey Morgan')
    await form.getByLabel('Phone (optional)').fill('(770) 555-0100')
    await form.getByLabel('Service Interested In (optional)').selectOption('managed-it')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#contact')
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText(SUCCESS_TITLE)
    await expect(toast).toContainText(SUCCESS_TEXT)
    await expect(contactForm(page).getByLabel('Name')).toHaveValue('')
    // The flash toast is shown once: a reload no longer has it.
    await page.reload()
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await context.close()
  })

  test('the chat button is a link to the chat page that works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Chat with support' })).toHaveAttribute('href', '/chat')
    await context.close()
  })
})
