import { expectSentToStripe, STRIPE_CHECKOUT_PAGE, stripeHostedPageVisits } from './support/stripe'
import { expect, test } from './support/test'

// The checkout without JavaScript: the options are a GET form, the server renders the summary,
// and 'Proceed to Checkout' hands the buyer to a hosted Stripe Checkout Session.

test('a visitor without JavaScript chooses options through the form and is sent to Stripe Checkout', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const stripeCheckout = stripeHostedPageVisits(context)
  const page = await context.newPage()
  await page.goto('/checkout')
  await expect(page.getByText('No plan selected. Please select a plan from the options on the left.')).toBeVisible()

  await page.getByTestId('plan-1').click()
  await expect(page).toHaveURL(/\/checkout\?plan=1/)
  await expect(page.getByTestId('total')).toHaveText('$299.00/month')

  await page.getByRole('radio', { name: /E3 \(no Teams\)/ }).check()
  await page.getByRole('button', { name: 'Update total' }).click()
  await expect(page).toHaveURL(/microsoft365=e3/)
  await expect(page.getByLabel('Number of users')).toHaveValue('10')
  await expect(page.getByTestId('total')).toHaveText('$659.00/month')

  await page.getByLabel('Number of users').fill('2')
  await page.getByRole('switch').check()
  await page.getByRole('button', { name: 'Update total' }).click()
  await expect(page).toHaveURL(/ms365_users=2/)
  await expect(page.getByTestId('line-ms365')).toContainText('2 users × $36.00/month')
  await expect(page.getByTestId('line-backup')).toContainText('2 users × $4.95/month')
  await expect(page.getByTestId('total')).toHaveText('$380.90/month')

  await page.getByLabel('Number of users').fill('0')
  await page.getByRole('button', { name: 'Update total' }).click()
  await expect(page.getByText('Users must be a whole number from 1 to 1000').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled()
  await page.getByLabel('Number of users').fill('2')
  await page.getByRole('button', { name: 'Update total' }).click()

  await expectSentToStripe(page, STRIPE_CHECKOUT_PAGE, () => page.getByRole('button', { name: 'Proceed to Checkout' }).click())
  expect(stripeCheckout).toHaveLength(1)
  await context.close()
})

test('a visitor without JavaScript who cancels at Stripe comes back to the checkout and is told', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/checkout?plan=2&microsoft365=none&checkout_result=canceled')
  await expect(page).toHaveURL(/\/checkout\?plan=2&microsoft365=none$/)
  await expect(page.getByTestId('toast')).toContainText('Payment failed')
  await context.close()
})
