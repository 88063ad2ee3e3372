import { expect, test } from './support/test'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'
import { STAFF_SIZES, expectNoSeriousAxeProblems, expectNoSidewaysScroll } from './support/readable'

test.afterAll(closeE2eDatabase)

const emailOf = (name: string) => `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`

async function addEnquiry(name: string, extra: Record<string, unknown> = {}) {
  const db = await e2eDatabase()
  const { insertedId } = await db.collection('contacts').insertOne({
    name,
    email: emailOf(name),
    phone: '(770) 555-0199',
    service: 'cloud',
    message: 'We would like to move our file server to the cloud before the lease ends in March. Can you help?',
    createdAt: new Date(),
    ...extra,
  })
  return String(insertedId)
}

/** Where the e2e run may save the docs' screenshots (CONSOLE_SHOTS=docs/images). */
const SHOTS = process.env.CONSOLE_SHOTS

for (const size of STAFF_SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size })

    test('staff pages wear the console, not the public site, and pass axe', async ({ browser }) => {
      test.slow() // six pages, two of them axe-checked
      await addEnquiry(uniqueLabel('Dana Whitfield'), {
        service: 'network',
        message: 'Fourteen-person dental practice; need HIPAA backups.',
      })
      await addEnquiry(uniqueLabel('Sam Patel'), { service: 'cybersecurity', status: 'contacted' })
      const { context, page } = await signedInPage(browser, { viewport: size })
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Chat with support' })).toHaveCount(0)
      await expect(page.getByText('PCI Compliant')).toHaveCount(0)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-dashboard-${size.width}.png`, fullPage: size.name === 'desktop' })
      if (size.name === 'phone') await page.getByText('Menu', { exact: true }).click()
      const nav = page.getByRole('navigation', { name: 'Staff' })
      for (const label of ['Enquiries', 'Orders', 'Chats', 'Analytics', 'Content', 'Staff accounts', 'Audit trail'])
        await expect(nav.getByRole('link', { name: label })).toBeVisible()
      await expect(nav.getByText('Dashboard')).toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
      await expectNoSeriousAxeProblems(page)
      await nav.getByRole('link', { name: 'Enquiries' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible()
      await expectNoSeriousAxeProblems(page)
      for (const path of ['/admin', '/admin/enquiries', '/admin/orders', '/admin/staff', '/admin/audit', '/admin/chats']) {
        await page.goto(path)
        await expectNoSidewaysScroll(page)
      }
      await context.close()
    })

    // On a wide screen the sidebar is always open: the menu exists on a phone only.
    if (size.name !== 'desktop')
      test('the phone menu opens without JavaScript and leads to every section', async ({ browser }) => {
        const { context, page } = await signedInPage(browser, { javaScriptEnabled: false })
        await page.setViewportSize(size)
        await page.getByText('Menu', { exact: true }).click()
        await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Enquiries' }).click()
        await expect(page).toHaveURL('/admin/enquiries')
        await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden()
        await context.close()
      })

    for (const javaScriptEnabled of [true, false]) {
      test(`an office manager triages and answers an enquiry ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
        test.slow() // five forms, each a round trip
        const name = uniqueLabel('Tara Triage')
        const id = await addEnquiry(name)
        const { context, page } = await signedInPage(browser, {
          javaScriptEnabled,
          viewport: size,
          at: `/admin/enquiries?q=${encodeURIComponent(name)}&status=new`,
        })
        const row = page.getByTestId('enquiry-row').filter({ hasText: name })
        await expect(row.getByTestId('enquiry-status')).toHaveText('New')
        await expect(row).toContainText('We would like to move our file server')
        await row.getByRole('link', { name: `Open enquiry from ${name}` }).click()
        await expect(page).toHaveURL(`/admin/enquiries/${id}`)
        await expect(page.getByRole('heading', { level: 1, name: `Enquiry from ${name}` })).toBeVisible()
        if (javaScriptEnabled) await expectNoSeriousAxeProblems(page)
        if (SHOTS && javaScriptEnabled)
          await page.screenshot({ path: `${SHOTS}/staff-enquiry-${size.width}.png`, fullPage: size.name === 'desktop' })

        const owner = page.getByLabel('Owner', { exact: true })
        const ownerName = (await owner.locator('option').nth(1).textContent())!.trim()
        await owner.selectOption({ index: 1 })
        await page.getByRole('button', { name: 'Assign' }).click()
        await expect(page.getByText(`Owner: ${ownerName}`)).toBeVisible()

        await page.getByLabel('Note (staff only)').fill('Called back, wants a quote for 12 seats.')
        await page.getByRole('button', { name: 'Add note' }).click()
        const history = page.getByRole('list', { name: 'Notes and replies' })
        await expect(history).toContainText('Called back, wants a quote for 12 seats.')
        await expect(page.getByLabel('Note (staff only)')).toHaveValue('')

        await page.getByLabel('Replies come back to').fill('office@roswell.example')
        await page.getByRole('button', { name: 'Send reply' }).click()
        await expect(history).toContainText('E-mail reply')
        await expect(page.getByTestId('enquiry-status').first()).toHaveText('Contacted')

        await page.getByLabel('Status', { exact: true }).selectOption('closed')
        await page.getByRole('button', { name: 'Update status' }).click()
        await expect(page.getByTestId('enquiry-status').first()).toHaveText('Closed')

        const db = await e2eDatabase()
        const reply = await db.collection('outboxmessages').findOne({ subject: { $regex: `^enquiry-reply:${id}:` } })
        expect(reply?.payload).toMatchObject({ to: emailOf(name), replyTo: 'office@roswell.example' })
        const audited = await db.collection('auditevents').countDocuments({ target: `contact:${id}` })
        expect(audited).toBe(5) // owner, note, reply, contacted, closed
        await context.close()
      })
    }

    test('a refused note says why, inside the enquiry page', async ({ browser, allowConsoleErrors }) => {
      allowConsoleErrors(/status of 400/)
      const name = uniqueLabel('Rita Refused')
      const id = await addEnquiry(name)
      const { context, page } = await signedInPage(browser, { viewport: size, at: `/admin/enquiries/${id}` })
      // Past the browser's own check, as a hand-made request would be.
      await page.getByLabel('Note (staff only)').evaluate((area) => area.removeAttribute('required'))
      await page.getByRole('button', { name: 'Add note' }).click()
      await expect(page.getByRole('alert')).toContainText('Write the note')
      await expect(page.getByRole('heading', { level: 1, name: `Enquiry from ${name}` })).toBeVisible()
      await context.close()
    })

    test('without JavaScript a toast leaves the page header’s buttons free and closes by its own link', async ({ browser }) => {
      test.slow() // two round trips and a sign-in on a shared machine
      const name = uniqueLabel('Tom Toast')
      const id = await addEnquiry(name)
      const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, viewport: size, at: `/admin/enquiries/${id}` })
      await page.getByLabel('Status', { exact: true }).selectOption('contacted')
      await page.getByRole('button', { name: 'Update status' }).click()
      const toast = page.getByRole('status').getByTestId('toast')
      await expect(toast).toContainText('Marked contacted')
      // Every control of the page header and the phone's bar can be pressed while it shows.
      const header = [page.getByRole('link', { name: 'All enquiries' }), page.getByRole('link', { name: 'Roswell IT Staff' })]
      if (size.name === 'phone') header.push(page.getByText('Menu', { exact: true }))
      else header.push(page.getByRole('button', { name: 'Logout' }))
      for (const control of header) await control.click({ trial: true, timeout: 5000 })
      await expectNoSidewaysScroll(page)

      await toast.getByRole('link', { name: 'Close notification' }).click()
      await expect(toast).toBeHidden()
      await page.getByRole('link', { name: 'All enquiries' }).click()
      await expect(page).toHaveURL('/admin/enquiries')
      await context.close()
    })

    test('without JavaScript a refused e-mail reply comes back with its text in the box and why beside it', async ({
      browser,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/status of 400/)
      const name = uniqueLabel('Kim Kept')
      const id = await addEnquiry(name)
      const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, viewport: size, at: `/admin/enquiries/${id}` })
      // One character over the limit, past the browser's own check, as a hand-made request would be.
      const typed = `Hello Kim,\n\nWe can start on Monday.\n\n${'x'.repeat(10_000)}`
      const reply = page.getByRole('textbox', { name: 'Reply', exact: true })
      await reply.evaluate((area) => area.removeAttribute('maxlength'))
      await reply.fill(typed)
      await page.getByLabel('Replies come back to').fill('office@roswell.example')
      const answer = page.waitForResponse((response) => response.url().endsWith(`/admin/enquiries/${id}/reply`))
      await page.getByRole('button', { name: 'Send reply' }).click()
      expect((await answer).status()).toBe(400)
      await expect(page.getByRole('alert')).toContainText('The reply was not sent')
      await expect(reply).toHaveValue(typed)
      await expect(reply).toHaveAttribute('aria-invalid', 'true')
      await expect(reply).toHaveAccessibleDescription('A reply is at most 10000 characters')
      await expectNoSidewaysScroll(page)
      const db = await e2eDatabase()
      expect(await db.collection('outboxmessages').countDocuments({ subject: { $regex: `^enquiry-reply:${id}:` } })).toBe(0)
      expect((await db.collection('contacts').findOne({ name }))?.replies ?? []).toEqual([])
      await context.close()
    })
  })
}

test('staff close several enquiries at once and export the list as CSV', async ({ browser }) => {
  test.slow() // with and without JavaScript
  const tag = uniqueLabel('bulk')
  const names = [uniqueLabel('Bo Bulk'), uniqueLabel('Bea Bulk'), uniqueLabel('Bix Bulk')]
  for (const name of names) await addEnquiry(name, { message: `About ${tag}` })
  for (const javaScriptEnabled of [true, false]) {
    const { context, page } = await signedInPage(browser, { javaScriptEnabled, at: `/admin/enquiries?q=${tag}&status=new` })
    const rows = page.getByTestId('enquiry-row')
    const before = await rows.count()
    await rows.first().getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Close selected' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
    await expect(rows).toHaveCount(before - 1)
    await context.close()
  }
  const { context, page } = await signedInPage(browser)
  const csv = await page.request.get(`/admin/enquiries/export?q=${tag}`)
  expect(csv.headers()['content-type']).toContain('text/csv')
  const text = await csv.text()
  expect(text.split('\r\n')[0]).toBe('received,name,email,phone,service,status,owner,message')
  for (const name of names) expect(text).toContain(name)
  expect(text.match(/"closed"/g)).toHaveLength(2)
  await context.close()
})

test('the audit trail names an enquiry by its sender and links to its page', async ({ browser }) => {
  const name = uniqueLabel('Nina Named')
  const id = await addEnquiry(name)
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, at: `/admin/enquiries/${id}` })
  await page.getByLabel('Note (staff only)').fill('Asked for a call back on Friday.')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByRole('list', { name: 'Notes and replies' })).toContainText('Asked for a call back on Friday.')

  await page.goto('/admin/audit?kind=enquiry')
  await expect(page.getByText(`contact:${id}`)).toHaveCount(0)
  await page
    .getByRole('link', { name: `Enquiry from ${name}` })
    .first()
    .click()
  await expect(page).toHaveURL(`/admin/enquiries/${id}`)
  await context.close()
})
