import { expect, test } from './support/test'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'

test.afterAll(closeE2eDatabase)

test('staff find an enquiry, open its detail card and close it again', async ({ browser }) => {
  const db = await e2eDatabase()
  const name = uniqueLabel('Dana Dealer')
  const quiet = uniqueLabel('Quinn Quiet')
  await db.collection('contacts').insertMany([
    {
      name,
      email: `${name}@example.com`,
      phone: '(770) 555-0142',
      service: 'cybersecurity',
      message: 'First line\nSecond line',
      createdAt: new Date(),
    },
    { name: quiet, email: `${quiet}@example.com`, message: 'No phone and no service here.', createdAt: new Date() },
  ])
  const { context, page } = await signedInPage(browser)

  await page.getByRole('searchbox').fill(name)
  await page.getByRole('button', { name: 'Search' }).click()
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(2) // header + the one match
  await expect(table).toContainText('Cybersecurity Services')

  await table.getByRole('link', { name: `View submission from ${name}` }).click()
  await expect(page).toHaveURL(/view=/)
  const card = page.getByTestId('submission-detail')
  await expect(card.getByRole('link', { name: `${name}@example.com` })).toHaveAttribute('href', `mailto:${name}@example.com`)
  await expect(card.getByRole('link', { name: '(770) 555-0142' })).toHaveAttribute('href', 'tel:7705550142')
  await expect(card.getByRole('link', { name: 'Reply by Email' })).toHaveAttribute('href', /^mailto:.*\?subject=Re%3A%20Your%20inquiry/)
  await expect(card.getByRole('link', { name: 'Call' })).toBeVisible()
  expect(await card.getByTestId('submission-message').innerText()).toBe('First line\nSecond line')
  await card.getByRole('link', { name: 'Close' }).click()
  await expect(card).toBeHidden()

  await page.getByRole('searchbox').fill(quiet)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('table')).toContainText('Not specified')
  await page.getByRole('link', { name: `View submission from ${quiet}` }).click()
  await expect(page.getByTestId('submission-detail')).toContainText('Not provided')
  await expect(page.getByTestId('submission-detail').getByRole('link', { name: 'Call' })).toHaveCount(0)

  const api = await page.request.get('/api/admin/contacts')
  expect(api.status()).toBe(200)
  const contacts = (await api.json()) as { name: string; phone: string | null; id: string }[]
  expect(contacts.find((contact) => contact.name === name)).toMatchObject({
    phone: '(770) 555-0142',
    service: 'cybersecurity',
    message: 'First line\nSecond line',
  })
  await context.close()
})

test('a search that matches nothing says so', async ({ browser }) => {
  const { context, page } = await signedInPage(browser, { at: `/admin?q=${uniqueLabel('nothing-matches')}` })
  await expect(page.getByText(/No submissions match/)).toBeVisible()
  await context.close()
})

test('without JavaScript the detail card opens from View and closes with Close', async ({ browser }) => {
  const db = await e2eDatabase()
  const name = uniqueLabel('Nora NoScript')
  await db
    .collection('contacts')
    .insertOne({ name, email: `${name}@example.com`, message: 'Please call me back about VoIP.', service: 'voip', createdAt: new Date() })
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, at: `/admin?q=${encodeURIComponent(name)}` })
  await page.getByRole('link', { name: `View submission from ${name}` }).click()
  await expect(page.getByTestId('submission-detail')).toContainText('Please call me back about VoIP.')
  await page.getByTestId('submission-detail').getByRole('link', { name: 'Close' }).click()
  await expect(page.getByTestId('submission-detail')).toHaveCount(0)
  await context.close()
})

test('support chats are listed with their transcript', async ({ browser }) => {
  const db = await e2eDatabase()
  const name = uniqueLabel('Chatty Chen')
  const now = new Date(Date.now() + 60_000) // newest activity, so it is among the listed chats
  const { insertedId } = await db.collection('chatconversations').insertOne({
    visitorId: uniqueLabel('visitor'),
    name,
    email: `${name}@example.com`,
    status: 'open',
    staffReadSeq: 0,
    createdAt: now,
    updatedAt: now,
  })
  await db.collection('conversationmessages').insertMany([
    { conversationId: insertedId, seq: 1, from: 'visitor', text: 'Our printer is offline', at: now },
    { conversationId: insertedId, seq: 2, from: 'staff', text: 'A technician will call you shortly.', at: now, staffName: 'Sam' },
  ])
  const { context, page } = await signedInPage(browser)
  const chat = page.locator('details').filter({ hasText: name })
  await chat.locator('summary').click()
  await expect(chat.getByRole('list', { name: 'Transcript' })).toContainText('Our printer is offline')
  await expect(chat.getByRole('list', { name: 'Transcript' })).toContainText('A technician will call you shortly.')
  await context.close()
})

test('with JavaScript, a refresh that gets no answer shows the error toast and the preview notice, not the error page', async ({
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/net::ERR_INTERNET_DISCONNECTED/)
  const db = await e2eDatabase()
  const name = uniqueLabel('Nora Network')
  await db
    .collection('contacts')
    .insertOne({ name, email: `${name}@example.com`, message: 'Still here after the outage.', createdAt: new Date() })
  const { context, page } = await signedInPage(browser)
  await expect(page.getByRole('table')).toContainText(name)
  const notice = page.getByText('This is a preview with sample data')

  let dropped = 0
  await page.route('**/admin.data*', async (route) => {
    dropped++
    await route.abort('internetdisconnected')
  })
  await page.getByRole('link', { name: 'Refresh' }).click()
  await expect(page.getByText('Failed to load contact submissions. Please try again.')).toBeVisible()
  await expect(notice).toBeVisible()
  expect(dropped).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)

  await page.unroute('**/admin.data*')
  await page.getByRole('link', { name: 'Refresh' }).click()
  await expect(page.getByRole('table')).toContainText(name)
  await expect(notice).toHaveCount(0)
  await context.close()
})
