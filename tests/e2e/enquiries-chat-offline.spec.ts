import { expect, test } from './support/test'
import { clientAddressHeaders } from './support/client-address'
import { hydratedByReact } from './support/hydration'

// The chat as a visitor sees it while nobody on the staff side has it open: told when to expect an
// answer, and answered by e-mail. A staff chat page open in another file's test would put staff
// online, so this file runs in the `alone` project, after the rest and before the files that open
// staff pages there.

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
