import { expect, test } from './support/test'
import { clientAddressHeaders } from './support/client-address'
import { e2eDatabase, uniqueLabel } from './support/staff'

// L7: a chat visitor's address is confirmed by the mailed link before anything is mailed to it;
// without JavaScript, as the link is opened from an e-mail.

test('L7: a visitor without JavaScript is told a confirmation link was sent, and confirms the address with its button', async ({
  browser,
}) => {
  const name = uniqueLabel('Confirm Cleo')
  const email = `${name.toLowerCase().replace(' ', '.')}@example.com`
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: clientAddressHeaders() })
  const page = await context.newPage()
  await page.goto('/chat')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Your message').fill('Please e-mail me the answer.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('email-confirmation')).toHaveText(
    `We have e-mailed a link to ${email} to confirm your address. Until you confirm it, we answer here only.`,
  )

  // The e2e server has no mail server: the message waits in the outbox, where the link is read.
  const db = await e2eDatabase()
  const mail = await db.collection('outboxmessages').findOne({ 'payload.to': email })
  const path = /\/chat\/confirm-email\?\S+/.exec(String(mail?.payload?.text))![0]

  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await expect(page.getByRole('heading', { name: 'Address confirmed' })).toBeVisible()

  await page.getByRole('link', { name: 'Go to the chat' }).click()
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('Please e-mail me the answer.')
  await expect(page.getByTestId('email-confirmation')).toHaveCount(0)
  await context.close()
})
