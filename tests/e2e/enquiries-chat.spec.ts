import { expect, test } from './support/test'
import { clientAddressHeaders } from './support/client-address'
import { axeScan } from './support/readable'

/** The widget sends a message by posting to the /chat route's action (React Router's data request). */
const chatSend = (url: URL) => url.pathname === '/chat.data'

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddressHeaders())
})

test('a failed chat message shows the inline error and the Message Error toast', async ({ page, allowConsoleErrors }) => {
  // SPEC §8: the failure is logged as well as shown.
  allowConsoleErrors(/status of 503/, /\[chat\] message not sent/)
  await page.route(chatSend, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false,"message":"down"}' })
      : route.fallback(),
  )
  await page.goto('/')
  await page.getByRole('button', { name: 'Chat with support' }).click()
  const panel = page.getByRole('region', { name: 'Support' })
  await panel.getByLabel('Your message').fill('Is anyone there?')
  await panel.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Contact Information' })
  await dialog.getByLabel('Name').fill('Morgan')
  await dialog.getByLabel('Email').fill('morgan@example.com')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  await expect(panel.getByRole('alert')).toContainText('Failed to send message. Please try again.')
  await expect(panel.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Message Error')
  await expect(toast).toContainText("We couldn't send your message. Please try again.")
})

test('when the reply has no text, the default agent reply mentions the e-mail address', async ({ page }) => {
  // The action's answer { response: '' } as React Router encodes it.
  await page.route(chatSend, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 200,
          headers: { 'Content-Type': 'text/x-script', 'X-Remix-Response': 'yes' },
          body: '[{"_1":2},"data",{"_3":4},"response",""]',
        })
      : route.fallback(),
  )
  await page.goto('/')
  await page.getByRole('button', { name: 'Chat with support' }).click()
  const panel = page.getByRole('region', { name: 'Support' })
  await panel.getByLabel('Your message').fill('Quick question about VoIP')
  await panel.getByLabel('Your message').press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Contact Information' })
  await dialog.getByLabel('Name').fill('Taylor')
  await dialog.getByLabel('Email').fill('taylor@example.com')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  const reply = panel.getByRole('log').locator('[data-from="system"]').nth(1)
  await expect(reply).toContainText('Our tech team has been notified')
  await expect(reply).toContainText('taylor@example.com')
})

test('cancelling the contact dialog puts the held message back in the input', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Chat with support' }).click()
  const panel = page.getByRole('region', { name: 'Support' })
  await panel.getByLabel('Your message').fill('Need help with Wi-Fi')
  await panel.getByLabel('Your message').press('Enter')
  await expect(page.getByRole('dialog', { name: 'Contact Information' })).toBeVisible()
  // The page with the open panel, the dialog and the contact form passes an automated accessibility check.
  const { violations } = await axeScan(page).analyze()
  expect(violations.map((violation) => violation.id)).toEqual([])
  await page.getByRole('dialog', { name: 'Contact Information' }).getByRole('button', { name: 'Cancel' }).click()
  await expect(panel.getByLabel('Your message')).toHaveValue('Need help with Wi-Fi')
})
