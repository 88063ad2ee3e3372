import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { hydratedByReact, untilHydrated } from './support/hydration'
import { giveConfirmationSecret, useStripeStandIn } from './support/stripe'
import { axeScan } from './support/readable'

// The checkout with JavaScript: choices priced at once in the address, the payment modal with
// Stripe's split card fields (a local stand-in of Stripe.js), and the return from the payment.

/** Opens the payment modal, once the page has hydrated (before, the button is the no-JavaScript form's). */
async function proceedToCheckout(page: Page) {
  await untilHydrated(page, 'section[aria-labelledby="order-summary-heading"] form[method="post"] button[type="submit"]')
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
}

/** Fills the payment modal as a buyer would: name, the three card fields, e-mail and the terms. */
async function fillPayment(modal: Locator, card: { number: string; expiry?: string; cvc: string }) {
  await modal.getByLabel('Name on Card').fill('Dana Reyes')
  await modal.getByRole('textbox', { name: 'Card number' }).fill(card.number)
  if (card.expiry) await modal.getByLabel('Expiration date MM / YY').fill(card.expiry)
  await modal.getByLabel('CVC').fill(card.cvc)
  await modal.getByLabel('Billing Email').fill('dana@example.com')
  await modal.getByRole('checkbox').check()
}

test('a visitor picks a plan and options and sees the total change, with the address kept in step', async ({ page }) => {
  await useStripeStandIn(page)
  await page.goto('/checkout?utm_source=newsletter')
  await expect(page.getByRole('heading', { level: 1, name: 'Almost There!' })).toBeVisible()
  await expect(page.getByText('No plan selected. Please select a plan from the options on the left.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page.locator('footer')).toHaveCount(0)
  await expect(page.getByText('PCI Compliant')).toBeVisible()

  await page.getByTestId('plan-2').click()
  await expect(page.getByTestId('plan-2')).toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('total')).toHaveText('$599.00/month')
  await expect(page).toHaveURL(/utm_source=newsletter/)
  const historyLength = await page.evaluate(() => history.length)

  await page.getByRole('radio', { name: /Business Standard/ }).check()
  await expect(page.getByLabel('Number of users')).toHaveValue('20')
  await expect(page.getByTestId('line-ms365')).toContainText('20 users × $12.50/month')
  await expect(page.getByTestId('total')).toHaveText('$849.00/month')

  await page.getByLabel('Number of users').fill('1')
  await expect(page.getByTestId('line-ms365')).toContainText('1 user × $12.50/month')
  await page.getByRole('switch').check()
  await expect(page.getByTestId('line-backup')).toContainText('1 user × $4.95/month')
  await expect(page.getByTestId('total')).toHaveText('$616.45/month')
  await expect(page).toHaveURL(/plan=2.*microsoft365=business_standard.*ms365_users=1.*cloud_backup=true|cloud_backup=true.*ms365_users=1/)
  expect(await page.evaluate(() => history.length)).toBe(historyLength)

  await page.getByLabel('Number of users').fill('1001')
  await expect(page.getByRole('alert').filter({ hasText: 'Users must be a whole number from 1 to 1000' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled()
  await page.getByLabel('Number of users').fill('5')

  // Another plan keeps the other choices.
  await page.getByTestId('plan-3').click()
  await expect(page.getByTestId('line-plan')).toContainText('Enterprise Plan')
  await expect(page.getByTestId('line-ms365')).toContainText('5 users × $12.50/month')
  await expect(page).toHaveURL(/utm_source=newsletter/)
})

test('choices made while the page’s scripts are still loading are kept once they run', async ({ page }) => {
  // A phone on a slow network shows the page seconds before its scripts run; a tap meanwhile is
  // the browser's own. Hold the scripts until the choices are made.
  let releaseScripts!: () => void
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsReleased
    await route.continue()
  })
  await page.goto('/checkout?plan=2', { waitUntil: 'commit' })
  await page.getByRole('radio', { name: /Business Standard/ }).check()
  await page.getByRole('switch').check()
  expect(await hydratedByReact(page, 'form[aria-label="Order options"]')).toBe(false)

  releaseScripts()
  await untilHydrated(page, 'form[aria-label="Order options"]')
  await expect(page).toHaveURL(/microsoft365=business_standard/)
  await expect(page).toHaveURL(/cloud_backup=true/)
  await expect(page.getByRole('radio', { name: /Business Standard/ })).toBeChecked()
  await expect(page.getByRole('switch')).toBeChecked()
  await expect(page.getByTestId('line-ms365')).toContainText('20 users × $12.50/month')
  await expect(page.getByTestId('line-backup')).toContainText('20 users × $4.95/month')
  await expect(page.getByRole('button', { name: 'Update total' })).toHaveCount(0)
})

test('the payment modal checks the terms, the name, the e-mail and the card before paying', async ({ page }) => {
  await useStripeStandIn(page)
  await page.goto('/checkout?plan=1&microsoft365=e3&ms365_users=2')
  await proceedToCheckout(page)
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' })
  await expect(modal).toBeVisible()
  await expect(modal.getByText('Enter your payment details to proceed.')).toBeVisible()
  await expect(modal.getByTestId('line-ms365')).toContainText('2 users × $36.00/month')
  await expect(modal.getByTestId('total')).toHaveText('$371.00/month')
  await expect(modal.getByRole('radio', { name: 'Credit Card' })).toBeChecked()
  await expect(modal.getByRole('textbox', { name: 'Card number' })).toBeVisible()

  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
  await expect.poll(() => alerts).toEqual(['Please accept the terms and conditions'])

  await modal.getByRole('checkbox').check()
  await modal.getByLabel('Billing Email').fill('not-an-address')
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
  await expect(modal.getByText('Name on card is required')).toBeVisible()
  await expect(modal.getByText('Please enter a valid email address')).toBeVisible()

  // SPEC §5: the card fields are required too; nothing is sent while any is missing.
  await expect(modal.getByText('Card number is required')).toBeVisible()
  await expect(modal.getByText('Expiry date is required')).toBeVisible()
  await expect(modal.getByText('CVV is required')).toBeVisible()

  await modal.getByRole('button', { name: 'Change' }).click()
  await expect(modal).toBeHidden()
})

test('an incomplete card sends nothing: no order, no Stripe customer, no subscription (SPEC §5)', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 503/)
  await useStripeStandIn(page)
  await page.goto('/checkout?plan=1')
  const starts: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/create-payment-intent')) starts.push(request.method())
  })
  await proceedToCheckout(page)
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' })
  await fillPayment(modal, { number: '4242 4242', cvc: '12' })
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
  await expect(modal.getByText('Your card number is incomplete.')).toBeVisible()
  await expect(modal.getByText('Expiry date is required')).toBeVisible()
  await expect(modal.getByText("Your card's security code is incomplete.")).toBeVisible()
  await expect(modal.getByRole('group', { name: 'Card Number' })).toHaveAccessibleDescription('Your card number is incomplete.')
  await page.waitForTimeout(300)
  expect(starts).toEqual([])

  // Completing a field clears its message; with all three complete the payment starts.
  await modal.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242')
  await expect(modal.getByText('Your card number is incomplete.')).toHaveCount(0)
  await modal.getByLabel('Expiration date MM / YY').fill('1230')
  await modal.getByLabel('CVC').fill('123')
  await page.route('**/api/create-payment-intent', (route) => route.fulfill({ status: 503, json: { message: 'Held for the test.' } }))
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
  await expect(modal.getByRole('alert')).toHaveText('Held for the test.')
  expect(starts).toEqual(['POST'])
})

test('a payment start that fails without a JSON message shows the fixed text, never the raw answer (SPEC §8)', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 502/)
  await useStripeStandIn(page)
  await page.route('**/api/create-payment-intent', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>' }),
  )
  await page.goto('/checkout?plan=1')
  await proceedToCheckout(page)
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' })
  await fillPayment(modal, { number: '4242424242424242', expiry: '1230', cvc: '123' })
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Payment Error')
  await expect(toast).toContainText('There was an error processing your payment.')
  await expect(modal.getByRole('alert')).toHaveText('Failed to process payment')
  await expect(page.getByText('Bad Gateway')).toHaveCount(0)
  await expect(page.getByText('nginx')).toHaveCount(0)
})

test('a buyer pays by card and is told the payment succeeded', async ({ page }) => {
  await useStripeStandIn(page)
  const orders = await giveConfirmationSecret(page, 'pi_e2e_ok_secret_123')
  await page.goto('/checkout/2?microsoft365=business_premium&ms365_users=3&cloud_backup=true&ref=partner')
  await proceedToCheckout(page)
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' })
  await fillPayment(modal, { number: '4242424242424242', expiry: '1230', cvc: '123' })
  await modal.getByRole('button', { name: 'Complete Payment' }).click()

  await expect(page.getByTestId('toast')).toContainText('Payment successful!')
  await expect(page.getByTestId('toast')).toContainText('Thank you for your purchase. We will be in touch shortly.')
  // The return carried the plan and options; the secret is dropped from the address afterwards.
  await expect(page).not.toHaveURL(/payment_intent_client_secret/)
  await expect(page).toHaveURL(/plan=2.*microsoft365=business_premium.*ms365_users=3|ms365_users=3.*plan=2/)
  await expect(page).toHaveURL(/ref=partner/)
  const standIn = await page.evaluate(
    () => (window as unknown as { __stripeStandIn: { confirmations: unknown[]; retrievals: string[] } }).__stripeStandIn,
  )
  expect(standIn.confirmations).toEqual([
    { clientSecret: 'pi_e2e_ok_secret_123', billingDetails: { name: 'Dana Reyes', email: 'dana@example.com' } },
  ])
  expect(standIn.retrievals).toEqual(['pi_e2e_ok_secret_123'])

  // The server stored a pending order with its own total; the webhook settles it later.
  expect(orders).toHaveLength(1)
  // The status is the buyer's to read with the order's token, nobody else's.
  expect((await page.request.get(`/api/orders/${orders[0]!.id}`)).status()).toBe(401)
  const order = await (
    await page.request.get(`/api/orders/${orders[0]!.id}`, { headers: { Authorization: `Bearer ${orders[0]!.token}` } })
  ).json()
  expect(order).toMatchObject({ status: 'pending', planId: 2, amount: 599 + 3 * 22 + 3 * 4.95 })
})

test('a declined card keeps the buyer in the modal with the reason', async ({ page }) => {
  await useStripeStandIn(page)
  await giveConfirmationSecret(page, 'pi_e2e_declined_secret')
  await page.goto('/checkout?plan=1')
  await proceedToCheckout(page)
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' })
  await fillPayment(modal, { number: '4000000000000002', expiry: '1230', cvc: '123' })
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
  await expect(modal.getByRole('alert')).toHaveText('Your card was declined.')
  await expect(page.getByTestId('toast')).toContainText('There was an error processing your payment. Please try again.')
  await expect(modal.getByRole('button', { name: 'Complete Payment' })).toBeEnabled()
})

test('a buyer returning from a failed payment is told so', async ({ page }) => {
  await useStripeStandIn(page)
  await page.goto('/checkout?plan=2&microsoft365=none&payment_intent_client_secret=pi_fail_secret_456')
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Payment failed')
  await expect(toast).toContainText('There was an issue with your payment. Please try again.')
  await expect(toast).toHaveAttribute('data-variant', 'destructive')
  await expect(page).toHaveURL(/\/checkout\?plan=2&microsoft365=none/)
})

test('Stripe.js is loaded on the checkout page only', async ({ page }) => {
  const requested = await useStripeStandIn(page)
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(requested).toEqual([])
  await page.goto('/checkout?plan=1')
  await proceedToCheckout(page)
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Card number' })).toBeVisible()
  expect(requested.length).toBeGreaterThan(0)
})

test('the checkout page and its payment modal have no detectable accessibility violations', async ({ page }) => {
  await useStripeStandIn(page)
  await page.goto('/checkout?plan=2&microsoft365=business_standard&ms365_users=4&cloud_backup=true')
  await expect(page.getByTestId('total')).toBeVisible()
  const pageScan = await axeScan(page).include('main').analyze()
  expect(pageScan.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])

  await proceedToCheckout(page)
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Card number' })).toBeVisible()
  const modalScan = await axeScan(page).include('dialog').analyze()
  expect(modalScan.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
})

test('when Stripe.js cannot load, the buyer can still pay on the hosted checkout page', async ({ page, allowConsoleErrors }) => {
  // SPEC §8: a failed load of the card provider's script is logged only.
  allowConsoleErrors(/net::ERR_FAILED/, /Stripe\.js failed to load/)
  await page.route('https://js.stripe.com/**', (route) => route.abort())
  const hosted: string[] = []
  await page.route('https://checkout.stripe.com/**', async (route) => {
    hosted.push(route.request().url())
    await route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Stripe Checkout stand-in</h1>' })
  })
  await page.goto('/checkout?plan=1&microsoft365=business_standard&ms365_users=2')
  await proceedToCheckout(page)
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' })
  await expect(modal.getByText('The card form could not load.')).toBeVisible()
  await modal.getByRole('button', { name: 'Continue to secure checkout' }).click()
  await expect(page.getByRole('heading', { name: 'Stripe Checkout stand-in' })).toBeVisible()
  expect(hosted).toHaveLength(1)
})
