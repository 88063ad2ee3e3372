import { createHash } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'
import { expect, test } from './support/test'
import { e2eDatabase, newStaffContext, signIn, STAFF, uniqueLabel } from './support/staff'

// L5: an owner whose last confirmation is older than 10 minutes is sent to "Confirm it's you" before
// removing another account's two-step verification, then back to the owners' page.

/** Ages this browser's own session only (other files use the same owner at the same time). */
async function ageOwnSession(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'en_admin')!
  const signed = decodeURIComponent(cookie.value)
  const token = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64').toString('utf8')) as string
  const tokenHash = createHash('sha256').update(token).digest('base64url')
  const db = await e2eDatabase()
  const { modifiedCount } = await db
    .collection('adminsessions')
    .updateOne({ tokenHash }, { $set: { verifiedAt: new Date(Date.now() - 11 * 60 * 1000) } })
  expect(modifiedCount).toBe(1)
}

async function accountWithTwoStep() {
  const username = uniqueLabel('l5')
  const db = await e2eDatabase()
  await db.collection('users').insertOne({
    username,
    name: 'Two Step',
    role: 'staff',
    password: null,
    disabled: false,
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    totpEnabledAt: new Date(),
    recoveryCodeHashes: [],
    createdAt: new Date(),
  })
  return username
}

for (const javaScriptEnabled of [true, false]) {
  test(`L5: ${javaScriptEnabled ? 'with' : 'without'} JavaScript removing another account’s two-step asks for the password first, then goes back and works`, async ({
    browser,
    allowConsoleErrors,
  }) => {
    // A wrong password on purpose (400); two sign-in hashes on a shared machine.
    allowConsoleErrors(/status of 400/)
    test.setTimeout(90_000)
    const username = await accountWithTwoStep()
    const context = await newStaffContext(browser, { javaScriptEnabled })
    const page = await context.newPage()
    await signIn(page, '/admin/staff')
    await ageOwnSession(context)
    await page.reload()
    await expect(page.getByTestId('reverify-notice')).toBeVisible()

    const row = page.getByTestId(`staff-${username}`)
    await row.getByRole('button', { name: `Remove two-step: ${username}` }).click()
    await expect(page).toHaveURL('/admin/verify?redirectTo=%2Fadmin%2Fstaff')
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm it’s you' })).toBeVisible()

    await page.getByLabel('Password').fill('not the password')
    await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname.startsWith('/admin/verify') && response.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Confirm with password' }).click(),
    ])
    await expect(page.getByText('That is not your password.')).toBeVisible()

    await page.getByLabel('Password').fill(STAFF.password)
    await Promise.all([page.waitForURL('/admin/staff'), page.getByRole('button', { name: 'Confirm with password' }).click()])
    await expect(page.getByTestId('toast')).toContainText('Confirmed')
    await expect(page.getByTestId('reverify-notice')).toHaveCount(0)

    await row.getByRole('button', { name: `Remove two-step: ${username}` }).click()
    await expect(page.getByTestId('toast')).toContainText(`Two-step verification removed from ${username}`)
    await expect(row.getByRole('button', { name: `Remove two-step: ${username}` })).toHaveCount(0)
    await context.close()
  })
}
