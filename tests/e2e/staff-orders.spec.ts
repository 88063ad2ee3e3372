import { expect, test } from './support/test'
import { STAFF_SIZES, expectNoSeriousAxeProblems } from './support/readable'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'

test.afterAll(closeE2eDatabase)

async function createOrder(name: string) {
  const db = await e2eDatabase()
  const { insertedId } = await db.collection('orders').insertOne({
    name,
    email: `${name}@example.com`.toLowerCase(),
    planId: 2,
    paymentMethod: 'credit_card',
    ms365Option: 'business_premium',
    ms365Users: 20,
    includeCloudBackup: true,
    status: 'pending',
    amount: 1038,
    appliedEventIds: [],
    createdAt: new Date(Date.now() + 60_000), // newest, so it is on the first page
    updatedAt: new Date(),
  })
  return String(insertedId)
}

test('staff see a new order and mark it paid, after which only cancellation is offered', async ({ browser }) => {
  const name = uniqueLabel('Olive Order')
  const id = await createOrder(name)
  const { context, page } = await signedInPage(browser)
  await page.getByRole('link', { name: 'View Orders' }).click()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Professional')
  await expect(row).toContainText('Microsoft 365 Business Premium + Cloud Backup')
  await expect(row).toContainText('$1,038.00')
  await expect(row).toContainText('pending')

  await row.getByRole('link', { name: `View order from ${name}` }).click()
  await expect(page).toHaveURL(`/admin/orders/${id}`)
  await page.getByLabel('New status').selectOption('paid')
  await page.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByTestId('toast')).toContainText('The order is now paid.')
  await expect(page.getByTestId('order-status')).toHaveText('paid')
  await expect(page.getByLabel('New status').locator('option')).toHaveText(['canceled'])
  // The toast offers a way on (SPEC §3: a toast may carry an action).
  await page.getByTestId('toast').getByRole('link', { name: 'All orders' }).click()
  await expect(page).toHaveURL('/admin/orders')
  await expect(page.getByTestId('toast')).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('paid')
  await context.close()
})

test('a status change the rules forbid is refused with an explanation', async ({ browser, baseURL }) => {
  const name = uniqueLabel('Carl Canceled')
  const id = await createOrder(name)
  const db = await e2eDatabase()
  await db.collection('orders').updateOne({ name }, { $set: { status: 'canceled' } })
  const { context, page } = await signedInPage(browser, { at: `/admin/orders/${id}` })
  await expect(page.getByText("A canceled order can't change status any more.")).toBeVisible()
  const refused = await page.request.post(`/admin/orders/${id}`, { form: { status: 'paid' }, headers: { Origin: baseURL! } })
  expect(refused.status()).toBe(409)
  await context.close()
})

test('without JavaScript staff change an order status through the form', async ({ browser }) => {
  const name = uniqueLabel('Nina NoJs')
  const id = await createOrder(name)
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, at: `/admin/orders/${id}` })
  await page.getByLabel('New status').selectOption('failed')
  await page.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByTestId('order-status')).toHaveText('failed')
  await context.close()
})

test('an order prints as the record alone: no header, buttons, status form, footer or chat button', async ({ browser }) => {
  const name = uniqueLabel('Pat Print')
  const id = await createOrder(name)
  const { context, page } = await signedInPage(browser, { at: `/admin/orders/${id}` })
  await expect(page.getByRole('button', { name: 'Update status' })).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { name: `Order from ${name}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Order details' })).toBeVisible()
  for (const hidden of [
    page.locator('header').first(),
    page.getByRole('link', { name: 'Back to Orders' }),
    page.getByRole('button', { name: 'Update status' }),
    page.getByRole('button', { name: 'Chat with support' }),
    page.locator('footer'),
  ]) {
    await expect(hidden).toBeHidden()
  }
  await context.close()
})

test('an order that does not exist is a 404 inside the staff pages, not the public not-found page', async ({
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404/)
  const { context, page } = await signedInPage(browser)
  await page.clock.install()
  const response = await page.goto('/admin/orders/000000000000000000000000')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View Orders' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toHaveCount(0)
  // The public 404 page sends visitors home after 5 seconds; staff stay where they are.
  await page.clock.runFor(6_000)
  await expect(page).toHaveURL('/admin/orders/000000000000000000000000')
  await context.close()
})

test('an order shows the customer’s other enquiries and chats, matched by e-mail in any case, each opening its page', async ({
  browser,
}) => {
  const name = uniqueLabel('Hana History')
  const id = await createOrder(name)
  const email = `${name}@example.com`.toLowerCase()
  const db = await e2eDatabase()
  const { insertedIds } = await db.collection('contacts').insertMany([
    ...Array.from({ length: 11 }, (_, i) => ({
      name,
      email: i === 10 ? email.toUpperCase() : email,
      message: `Question number ${i} about backups`,
      status: 'new',
      createdAt: new Date(Date.now() - (11 - i) * 60_000),
    })),
    { name: 'Someone else', email: `x${email}`, message: 'Not the same customer', createdAt: new Date() },
  ])
  const { insertedId: chatId } = await db.collection('chatconversations').insertOne({
    visitorId: uniqueLabel('visitor'),
    name,
    email: email.replace(/^./, (c) => c.toUpperCase()),
    status: 'open',
    lastSeq: 0,
    staffReadSeq: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  for (const javaScriptEnabled of [true, false]) {
    const { context, page } = await signedInPage(browser, { javaScriptEnabled, at: `/admin/orders/${id}` })
    const history = page.getByRole('region', { name: 'The customer’s enquiries and chats' })
    await expect(history.getByRole('heading', { name: 'Enquiries (11)' })).toBeVisible()
    // Ten listed, newest first; the rest through the filtered list.
    await expect(history.getByRole('link', { name: /Question number/ })).toHaveCount(10)
    await expect(history.getByRole('link', { name: /Question number/ }).first()).toContainText('Question number 10 about backups')
    await expect(history).not.toContainText('Not the same customer')
    await expect(history.getByRole('link', { name: 'See all 11 enquiries' })).toHaveAttribute(
      'href',
      `/admin/enquiries?${new URLSearchParams({ q: email })}`,
    )
    await expect(history.getByRole('heading', { name: 'Chats (1)' })).toBeVisible()
    await history.getByRole('link', { name: /Question number 10/ }).click()
    await expect(page).toHaveURL(`/admin/enquiries/${String(insertedIds[10])}`)
    await page.goBack()
    await history.getByRole('link', { name: new RegExp(`Chat with ${name}`) }).click()
    await expect(page).toHaveURL(`/admin/chats/${String(chatId)}`)
    await context.close()
  }
})

/** Where the e2e run may save the docs' screenshots (CONSOLE_SHOTS=docs/images). */
const SHOTS = process.env.CONSOLE_SHOTS
/** A paying customer's order as Stripe left it, with an earlier enquiry and a chat under the same address. */
async function createPaidOrder(name: string) {
  const db = await e2eDatabase()
  const email = `${name.replace(/\s+/g, '.')}@example.com`.toLowerCase()
  const month = 30 * 24 * 60 * 60 * 1000
  const { insertedId } = await db.collection('orders').insertOne({
    name,
    email,
    phone: '(770) 555-0142',
    planId: 2,
    paymentMethod: 'credit_card',
    ms365Option: 'business_standard',
    ms365Users: 12,
    includeCloudBackup: true,
    status: 'paid',
    amount: 743,
    paymentId: 'pi_e2e_day',
    stripeCustomerId: 'cus_e2e_day',
    stripeSubscriptionId: 'sub_e2e_day',
    subscription: {
      id: 'sub_e2e_day',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + month / 2),
      cancelAtPeriodEnd: false,
      itemQuantities: { ms365: 12, backup: 1 },
      stripeUpdatedAt: new Date(),
    },
    invoices: [{ id: 'in_e2e_day', number: 'RIT-0042', amount: 743, currency: 'usd', status: 'paid', paidAt: new Date(), url: null }],
    appliedEventIds: [],
    createdAt: new Date(Date.now() + 60_000),
    updatedAt: new Date(),
  })
  await db.collection('contacts').insertOne({
    name,
    email,
    service: 'cloud',
    message: 'Before we sign up: can you move our twelve mailboxes over a weekend?',
    status: 'contacted',
    createdAt: new Date(Date.now() - month),
  })
  await db.collection('chatconversations').insertOne({
    visitorId: uniqueLabel('visitor'),
    name,
    email,
    status: 'closed',
    currentPage: '/checkout/2',
    lastSeq: 0,
    staffReadSeq: 0,
    createdAt: new Date(Date.now() - month / 3),
    updatedAt: new Date(Date.now() - month / 3),
  })
  return { id: String(insertedId), email }
}

for (const size of STAFF_SIZES) {
  for (const javaScriptEnabled of [true, false]) {
    test(`on a ${size.name} ${javaScriptEnabled ? 'with' : 'without'} JavaScript, an office manager finds an order by e-mail and opens it`, async ({
      browser,
    }) => {
      const name = uniqueLabel('Fay Finder')
      const { id, email } = await createPaidOrder(name)
      const { context, page } = await signedInPage(browser, { javaScriptEnabled, viewport: size, at: '/admin/orders' })
      await expect(page.getByRole('navigation', { name: 'Order status' })).toContainText('Paid')
      await expect(page.getByText('New this month:')).toBeVisible()
      await page.getByLabel('Search by name or e-mail').fill(javaScriptEnabled ? email : email.toUpperCase())
      await page.getByRole('button', { name: 'Search' }).click()
      await expect(page).toHaveURL(/[?&]q=/)
      const found = page.getByRole('row').filter({ hasText: name })
      await expect(found).toHaveCount(1)
      await expect(page.getByText('1 order', { exact: true })).toBeVisible()
      await expect(found).toContainText('$743.00')
      await expect(found).toContainText('paid')
      if (javaScriptEnabled) await expectNoSeriousAxeProblems(page)
      if (SHOTS && javaScriptEnabled && size.name === 'desktop') await page.screenshot({ path: `${SHOTS}/staff-orders-${size.width}.png` })
      await found.getByRole('link', { name: `View order from ${name}` }).click()
      await expect(page).toHaveURL(`/admin/orders/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: `Order from ${name}` })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', /\/test\/subscriptions\/sub_e2e_day$/)
      const history = page.getByRole('region', { name: 'The customer’s enquiries and chats' })
      await expect(history).toContainText('can you move our twelve mailboxes')
      await expect(history.getByRole('link', { name: /Chat with/ })).toContainText('/checkout/2')
      // Marking a running subscription's order canceled here needs a tick: it does not stop Stripe.
      await expect(page.getByRole('checkbox', { name: /I understand; change only our record/ })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
      if (javaScriptEnabled) await expectNoSeriousAxeProblems(page)
      if (SHOTS && javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/staff-order-${size.width}.png`, fullPage: true })
      await context.close()
    })
  }
}
