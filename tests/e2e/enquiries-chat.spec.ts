import { expect, test } from './support/test'
import { clientAddressHeaders } from './support/client-address'
import { hydratedByReact } from './support/hydration'
import { axeScan } from './support/readable'

/** The widget sends a message by posting to the /chat route's action (React Router's data request). */
const chatSend = (url: URL) => url.pathname === '/chat.data'

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddressHeaders())
})

test('a visitor chats with support: contact dialog first, then their message, a spinner and the reply', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Chat with support' }).click()
  const panel = page.getByRole('region', { name: 'Support' })
  await expect(panel).toBeVisible()
  // Nobody on the staff side has the chat open: the visitor is told when to expect an answer.
  await expect(panel.getByTestId('availability')).toContainText("We'll answer by e-mail")
  const log = panel.getByRole('log')
  await expect(log.locator('[data-from="system"]')).toHaveCount(1) // the welcome message
  await expect(log).toContainText('How can we help with your IT needs today?')

  // Blank messages are never sent.
  const input = panel.getByLabel('Your message')
  await input.fill('    ')
  await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()
  await input.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Contact Information' })).toHaveCount(0)

  await input.fill('Our <i>Outlook</i> keeps asking for a password.')
  await input.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Contact Information' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('so our technical team can contact you')
  const sendMessage = dialog.getByRole('button', { name: 'Send Message' })
  await expect(sendMessage).toBeDisabled()
  // The message is held, not shown yet.
  await expect(log.locator('[data-from="visitor"]')).toHaveCount(0)

  await dialog.getByLabel('Name').focus()
  await dialog.getByLabel('Email').focus()
  await dialog.getByLabel('Name').focus()
  await expect(dialog).toContainText('Name is required')
  await expect(dialog).toContainText('Email address is required')
  await dialog.getByLabel('Name').fill('Riley Chen')
  await dialog.getByLabel('Email').fill('riley@dealer')
  await dialog.getByLabel('Name').focus()
  await expect(dialog).toContainText('Please enter a valid email address')
  await expect(sendMessage).toBeDisabled()
  await dialog.getByLabel('Email').fill('riley@dealer.example')
  await expect(sendMessage).toBeEnabled()

  // Hold the request until the spinner and the disabled input have been seen (a fixed delay was
  // too short on a busy machine).
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(chatSend, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    await held
    await route.continue()
  })
  await sendMessage.click()
  await expect(dialog).toHaveCount(0)
  await expect(log.locator('[data-from="visitor"]')).toHaveText(/Our <i>Outlook<\/i> keeps asking for a password\./)
  await expect(log.getByRole('status')).toContainText('Sending...')
  await expect(input).toBeDisabled()
  release()
  const reply = log.locator('[data-from="system"]').nth(1)
  await expect(reply).toContainText('Riley')
  await expect(reply).toContainText('riley@dealer.example')
  // This server has no Teams webhook: the reply must not claim the team was told in Teams.
  await expect(reply).not.toContainText('Teams')
  await expect(input).toBeEnabled()
  await page.unroute(chatSend)

  // The second message goes straight out: the contact details are already known.
  await input.fill('Also, the scanner is offline.')
  await input.press('Enter')
  await expect(log.locator('[data-from="visitor"]')).toHaveCount(2)
  // Only the first message is answered automatically; from now on people answer.
  await expect(log.locator('[data-from="system"]')).toHaveCount(2)

  await panel.getByRole('button', { name: 'Close chat' }).click()
  await expect(panel).toHaveCount(0)
})

test('on the home page, a message sent before scrolling down to the contact form is answered at once', async ({ page }) => {
  // The contact form hydrates only when scrolled near (components/hydrate-when-near.tsx); the chat
  // must not wait for it.
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Next image' })).toBeVisible()
  expect(await hydratedByReact(page, '#contact-form')).toBe(false)
  await page.getByRole('button', { name: 'Chat with support' }).click()
  const panel = page.getByRole('region', { name: 'Support' })
  await expect(panel.getByTestId('availability')).toBeVisible()
  await panel.getByLabel('Your message').fill('Can you look at our firewall this week?')
  await panel.getByLabel('Your message').press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Contact Information' })
  await dialog.getByLabel('Name').fill('Avery Brooks')
  await dialog.getByLabel('Email').fill('avery@example.com')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  const log = panel.getByRole('log')
  await expect(log.locator('[data-from="visitor"]')).toHaveText(/Can you look at our firewall this week\?/)
  await expect(log.locator('[data-from="system"]').nth(1)).toContainText('avery@example.com')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
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
