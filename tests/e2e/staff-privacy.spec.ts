import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'

test.afterAll(closeE2eDatabase)

// An owner answers a person's request without JavaScript: finds what is held under the address,
// downloads it, and erases it; the order stays, anonymised.

async function arrangePerson(email: string) {
  const db = await e2eDatabase()
  const now = new Date()
  await db.collection('contacts').insertOne({
    name: 'Priya Private',
    email: email.toUpperCase(),
    phone: '(678) 555-0123',
    message: 'Please send me a quote for backups.',
    createdAt: now,
  })
  const { insertedId: conversationId } = await db.collection('chatconversations').insertOne({
    visitorId: uniqueLabel('visitor'),
    name: 'Priya',
    email,
    status: 'open',
    lastSeq: 2,
    staffReadSeq: 2,
    createdAt: now,
    updatedAt: now,
  })
  await db.collection('conversationmessages').insertMany([
    { conversationId, seq: 1, from: 'visitor', text: 'Hello, can you help with e-mail?', at: now },
    { conversationId, seq: 2, from: 'staff', text: `We wrote to ${email}.`, at: now, staffName: 'Sam' },
  ])
  const { insertedId: orderId } = await db.collection('orders').insertOne({
    name: 'Priya Private',
    email,
    planId: 2,
    paymentMethod: 'credit_card',
    ms365Option: 'none',
    ms365Users: 0,
    includeCloudBackup: false,
    status: 'paid',
    amount: 249,
    stripeCustomerId: 'cus_e2e_privacy',
    appliedEventIds: [],
    createdAt: now,
    updatedAt: now,
  })
  await db.collection('outboxmessages').insertOne({
    channel: 'email',
    subject: 'chat-reply:x:y',
    payload: { to: email, subject: 'We answered your chat message', text: 'Hello Priya' },
    status: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(now.getTime() + 3_600_000),
    createdAt: now,
  })
  return { orderId: String(orderId) }
}

test('an owner finds, downloads and erases a person’s data without JavaScript', async ({ browser }) => {
  const email = `${uniqueLabel('priya')}@example.com`
  const { orderId } = await arrangePerson(email)
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false })

  await page.getByRole('link', { name: 'Personal Data' }).click()
  await expect(page).toHaveURL('/admin/privacy')
  await page.getByLabel('E-mail address').fill(email.replace('priya', 'Priya'))
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page).toHaveURL(/\/admin\/privacy\?email=/)

  const counts = page.getByTestId('privacy-counts')
  await expect(counts).toContainText('1 enquiry')
  await expect(counts).toContainText('1 chat conversation')
  await expect(counts).toContainText('2 chat messages')
  await expect(counts).toContainText('1 order')
  await expect(counts).toContainText('1 outbox message')
  await expect(page.getByTestId('found-enquiry')).toContainText('Please send me a quote for backups.')
  await expect(page.getByTestId('found-order')).toContainText('cus_e2e_privacy')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download everything as JSON' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown> & {
    enquiries: { message: string }[]
    orders: { id: string; customerId: string }[]
  }
  expect(file).toMatchObject({ email, counts: { enquiries: 1, conversations: 1, messages: 2, orders: 1, outbox: 1 } })
  expect(file.enquiries[0]!.message).toBe('Please send me a quote for backups.')
  expect(file.orders[0]).toMatchObject({ id: orderId, customerId: 'cus_e2e_privacy' })

  // The confirmation names what will go, and nothing happens without the box ticked.
  const consequences = page.getByTestId('erase-consequences')
  await expect(consequences).toContainText('1 enquiry deleted.')
  await expect(consequences).toContainText('1 order anonymised')
  await page.getByLabel(/I have checked that the request comes from this person/).check()
  await page.getByRole('button', { name: 'Erase permanently' }).click()
  await expect(page.getByTestId('toast')).toContainText('Personal data erased')
  await expect(page.getByTestId('privacy-nothing')).toHaveText('Nothing is held under this address.')

  const db = await e2eDatabase()
  expect(await db.collection('contacts').countDocuments({ email: { $regex: email, $options: 'i' } })).toBe(0)
  const order = await db.collection('orders').findOne({ stripeCustomerId: 'cus_e2e_privacy', amount: 249 })
  expect(order).toMatchObject({ planId: 2, amount: 249, status: 'paid' })
  expect(order).not.toHaveProperty('email')
  await context.close()
})
