import { expect, test } from './support/test'
import { currentTotpStep, totpCode } from '../support/totp'
import { newStaffContext, signIn, uniqueLabel } from './support/staff'

// Staff accounts end to end, without JavaScript: an owner adds a staff member, who sets
// a password through the one-time link, turns on two-step verification and signs in with a code.

test('without JavaScript an owner adds a staff member, who sets a password, enrols two-step verification and signs in with a code', async ({
  browser,
  allowConsoleErrors,
}) => {
  // Refusals on purpose: a short password and a wrong code (400), owners' pages for staff (403).
  allowConsoleErrors(/status of 400/, /status of 403/)
  // Five sign-ins, each a deliberately slow password hash, on a shared machine.
  test.setTimeout(90_000)
  const username = uniqueLabel('tech')
  const password = 'a passphrase for the new technician'

  const ownerContext = await newStaffContext(browser, { javaScriptEnabled: false })
  const owner = await ownerContext.newPage()
  await signIn(owner, '/admin/staff')
  await expect(owner.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible()
  await owner.getByLabel('Username', { exact: true }).fill(username)
  await owner.getByLabel('Name', { exact: true }).fill('Taylor Tech')
  await owner.getByLabel('Role').selectOption('staff')
  await owner.getByRole('button', { name: 'Add account' }).click()
  const link = owner.getByTestId('set-password-link')
  await expect(link).toContainText(`One-time link for ${username}`)
  const setPasswordUrl = await link.getByRole('link').getAttribute('href')
  expect(setPasswordUrl).toMatch(/\/set-password\?token=/)
  await expect(owner.getByTestId(`staff-${username}`)).toContainText('Awaiting password')
  // The name visitors see beside chat replies can be corrected later.
  await owner.getByLabel(`Name of ${username}`).fill('Taylor Technician')
  await owner.getByRole('button', { name: `Rename: ${username}` }).click()
  await expect(owner.getByTestId('toast')).toContainText(`${username} is now called Taylor Technician`)
  await expect(owner.getByLabel(`Name of ${username}`)).toHaveValue('Taylor Technician')

  const staffContext = await newStaffContext(browser, { javaScriptEnabled: false })
  const staff = await staffContext.newPage()
  await staff.goto(setPasswordUrl!)
  await expect(staff.getByRole('heading', { name: 'Set your password' })).toBeVisible()
  await staff.getByLabel('New password', { exact: true }).fill('too short')
  await staff.getByLabel('New password again').fill('too short')
  await staff.getByRole('button', { name: 'Set password' }).click()
  await expect(staff.getByText('Password must be at least 12 characters')).toBeVisible()
  await staff.getByLabel('New password', { exact: true }).fill(password)
  await staff.getByLabel('New password again').fill(password)
  await staff.getByRole('button', { name: 'Set password' }).click()
  await expect(staff).toHaveURL('/admin-login')
  await expect(staff.getByTestId('toast')).toContainText('Password set')

  await staff.getByLabel('Username').fill(username)
  await staff.getByLabel('Password').fill(password)
  await staff.getByRole('button', { name: 'Sign in' }).click()
  await expect(staff).toHaveURL('/admin')

  // Staff are not owners: the owners' pages answer 403.
  const forbidden = await staff.goto('/admin/staff')
  expect(forbidden?.status()).toBe(403)
  expect((await staff.goto('/admin/audit'))?.status()).toBe(403)

  await staff.goto('/admin/account')
  await expect(staff.getByTestId('totp-status')).toContainText('Off')
  await staff.getByRole('button', { name: 'Set up two-step verification' }).click()
  await expect(staff.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible()
  const secret = (await staff.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await staff.getByLabel('First code from the app').fill('123456' === totpCode(secret) ? '654321' : '123456')
  await staff.getByRole('button', { name: 'Turn on' }).click()
  await expect(staff.getByText('That code does not match')).toBeVisible()
  const step = currentTotpStep()
  await staff.getByLabel('First code from the app').fill(totpCode(secret, step))
  await staff.getByRole('button', { name: 'Turn on' }).click()
  await expect(staff.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await expect(staff.getByTestId('totp-status')).toContainText('Recovery codes left: 10')

  await staff.getByRole('button', { name: 'Logout' }).click()
  await staff.goto('/admin-login')
  await staff.getByLabel('Username').fill(username)
  await staff.getByLabel('Password').fill(password)
  await staff.getByRole('button', { name: 'Sign in' }).click()
  await expect(staff).toHaveURL('/admin-login/code?redirectTo=%2Fadmin')
  // The code used to enrol is spent: never accepted twice.
  await staff.getByLabel('Code').fill(totpCode(secret, step))
  await staff.getByRole('button', { name: 'Verify' }).click()
  await expect(staff.getByRole('alert')).toContainText('That code is not right, or was used already')
  await staff.getByLabel('Code').fill(totpCode(secret, step + 1))
  await staff.getByRole('button', { name: 'Verify' }).click()
  await expect(staff).toHaveURL('/admin')
  await expect(staff.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()

  // The owner sees it all in the audit trail.
  await owner.goto(`/admin/audit?actor=${username}`)
  const events = owner.getByTestId('audit-event')
  await expect(events.filter({ hasText: 'signed in (password and code)' })).toHaveCount(1)
  await expect(events.filter({ hasText: 'turned on two-step verification' })).toHaveCount(1)
  await expect(events.filter({ hasText: 'set password with one-time link' })).toHaveCount(1)
  await staffContext.close()
  await ownerContext.close()
})

test('with JavaScript the owners’ pages check forms as they are filled and keep working through the same actions', async ({
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/)
  const ownerContext = await newStaffContext(browser)
  const owner = await ownerContext.newPage()
  await signIn(owner)
  await owner.getByRole('link', { name: 'Staff Accounts' }).click()
  await expect(owner).toHaveURL('/admin/staff')
  await owner.getByRole('button', { name: 'Add account' }).click()
  await expect(owner.getByText('Username is required')).toBeVisible()
  await expect(owner.getByText('Name is required', { exact: true })).toBeVisible()
  const username = uniqueLabel('js')
  await owner.getByLabel('Username', { exact: true }).fill(username)
  await owner.getByLabel('Name', { exact: true }).fill('Jordan Script')
  await owner.getByLabel('Role').selectOption('owner')
  await owner.getByRole('button', { name: 'Add account' }).click()
  await expect(owner.getByTestId('set-password-link')).toContainText(`One-time link for ${username}`)
  const row = owner.getByTestId(`staff-${username}`)
  await expect(row).toContainText('Owner')
  await row.getByRole('button', { name: `Make staff: ${username}` }).click()
  await expect(owner.getByTestId('toast')).toContainText(`${username} is now staff`)
  await expect(row).toContainText('Staff')
  await row.getByRole('button', { name: `Disable: ${username}` }).click()
  await expect(row).toContainText('Disabled')

  await owner.getByRole('link', { name: 'Audit trail' }).click()
  await owner.getByLabel('Kind').selectOption('account')
  await owner.getByRole('button', { name: 'Filter' }).click()
  await expect(owner).toHaveURL(/kind=account/)
  await expect(owner.getByTestId('audit-event').filter({ hasText: 'disabled account' }).first()).toContainText('disabled')
  await expect(owner.getByTestId('audit-event').filter({ hasText: 'changed account' }).first()).toContainText('role: owner → staff')
  await ownerContext.close()
})
