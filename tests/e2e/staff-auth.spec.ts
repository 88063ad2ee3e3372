import { expect, test } from './support/test'
import { uniqueClientAddress } from './support/client-address'
import { untilBurstFitsInWindow } from '../support/rate-limit-window'
import { SIGN_IN_WINDOW_MS } from '../../app/domain/staff'
import { newStaffContext, signIn, STAFF, uniqueLabel } from './support/staff'

const ADMIN_PAGES = ['/admin', '/admin/orders', '/admin/orders/000000000000000000000000', '/admin/logs', '/admin/logs?tab=raw']
const ADMIN_APIS = ['/api/admin/contacts', '/api/admin/logs', '/api/admin/logs/analytics', '/api/admin/logs/download']

test('staff sign in (the page shows no password) and log out again', async ({ browser }) => {
  const context = await newStaffContext(browser)
  const page = await context.newPage()
  await page.goto('/admin')
  await expect(page).toHaveURL('/admin-login?redirectTo=%2Fadmin')
  // ADMIN_PASSWORD is set on this server: nothing to say about where a password is, let alone one.
  await expect(page.getByTestId('sign-in-hint')).toHaveCount(0)
  await expect(page.getByText(STAFF.password)).toHaveCount(0)

  await page.getByLabel('Username').fill(STAFF.username)
  await page.getByLabel('Password').fill('not the password')
  // The password hash is slow on purpose, and sign-ins from new browsers take turns: wait for the
  // answer within the test's time, then for what it shows.
  await Promise.all([
    page.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith('/admin-login') && response.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ])
  await expect(page.getByTestId('toast')).toContainText('Authentication failed')
  await expect(page.getByTestId('toast')).toContainText('Invalid username or password')
  await expect(page).toHaveURL(/\/admin-login/)

  await page.getByLabel('Username').fill(STAFF.username)
  await page.getByLabel('Password').fill(STAFF.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByTestId('toast')).toContainText('Successfully logged in')

  const cookie = (await context.cookies()).find((c) => c.name === 'en_admin')
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')

  // Already signed in: the sign-in page sends staff on to the dashboard.
  await page.goto('/admin-login')
  await expect(page).toHaveURL('/admin')

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByTestId('toast')).toContainText('You have been logged out successfully')
  await page.goto('/admin/logs')
  await expect(page).toHaveURL('/admin-login?redirectTo=%2Fadmin%2Flogs')
  await context.close()
})

test('without JavaScript staff sign in, are sent back where they were going, and log out', async ({ browser, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/)
  const context = await newStaffContext(browser, { javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/admin-login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Username is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()

  await signIn(page, '/admin/logs?tab=raw')
  await expect(page.getByRole('heading', { level: 1, name: 'Access Logs' })).toBeVisible()
  await expect(page.getByTestId('toast')).toContainText('Welcome to the admin dashboard')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByTestId('toast')).toContainText('Logged out')
  await context.close()
})

test('a sign-in link pointing at another site lands on the dashboard instead', async ({ browser }) => {
  const context = await newStaffContext(browser)
  const page = await context.newPage()
  await page.goto('/admin-login?redirectTo=%2F%2Fevil.example%2F')
  await page.getByLabel('Username').fill(STAFF.username)
  await page.getByLabel('Password').fill(STAFF.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/admin')
  await context.close()
})

test('every admin page and API refuses visitors who are not signed in', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() } })
  for (const path of ADMIN_PAGES) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    expect(response.headers().location, path).toBe(`/admin-login?redirectTo=${encodeURIComponent(path)}`)
  }
  for (const path of ADMIN_APIS) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(401)
    expect(await response.json(), path).toEqual({ message: 'Sign in as staff to use this endpoint.' })
  }
  expect((await request.post('/api/update-plans')).status()).toBe(401)
  expect((await request.post('/admin/orders/000000000000000000000000', { form: { status: 'paid' }, maxRedirects: 0 })).status()).toBe(302)
  await request.dispose()
})

test('a session cookie copied before logout no longer opens anything afterwards', async ({ browser, playwright, baseURL }) => {
  const context = await newStaffContext(browser)
  const page = await context.newPage()
  await signIn(page)
  const cookie = (await context.cookies()).find((c) => c.name === 'en_admin')!
  const replay = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `en_admin=${cookie.value}`, 'X-Forwarded-For': uniqueClientAddress() },
  })
  // While the session lives, the copied cookie works (so the refusals below mean something).
  expect((await replay.get('/api/admin/contacts')).status()).toBe(200)
  expect((await replay.get('/admin', { maxRedirects: 0 })).status()).toBe(200)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')

  for (const path of ADMIN_PAGES) expect((await replay.get(path, { maxRedirects: 0 })).status(), path).toBe(302)
  for (const path of ADMIN_APIS) expect((await replay.get(path)).status(), path).toBe(401)
  expect((await replay.post('/api/update-plans')).status()).toBe(401)
  await replay.dispose()
  await context.close()
})

test('after five wrong passwords for a username from one address, that address gets a readable 429 even with the right password; another does not', async ({
  playwright,
  baseURL,
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 429/)
  const address = uniqueClientAddress()
  const request = await playwright.request.newContext({ baseURL })
  const attempt = (password: string, ip: string) =>
    request.post('/admin-login', { form: { username: STAFF.username, password }, headers: { 'X-Forwarded-For': ip }, maxRedirects: 0 })
  // The failures, the refusal and the page's message below fall in one window of the limit.
  // The wait for a new window comes on top of the test's own time.
  test.setTimeout(test.info().timeout + 60_000)
  await untilBurstFitsInWindow(SIGN_IN_WINDOW_MS, 60_000)
  for (let i = 0; i < 5; i++) expect((await attempt('wrong', address)).status()).toBe(303)
  const refused = await attempt(STAFF.password, address)
  expect(refused.status()).toBe(429)
  expect(await refused.text()).toContain('Too many failed sign-in attempts. Please wait 15 minutes and try again.')
  // Failures from one place never lock the account for everyone: the owner signs in from elsewhere.
  expect((await attempt(STAFF.password, uniqueClientAddress())).headers().location).toBe('/admin')
  await request.dispose()

  // The person at the refused address sees the message on the page, too.
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } })
  const page = await context.newPage()
  await page.goto('/admin-login')
  await page.getByLabel('Username').fill(STAFF.username)
  await page.getByLabel('Password').fill('still wrong')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('Too many failed sign-in attempts')
  await context.close()
})

test('after ten failures from one address, that address is refused for every username', async ({ playwright, baseURL }) => {
  // Each failure costs a real password hash (a few hundred milliseconds, more on a busy machine).
  test.setTimeout(120_000)
  const ip = uniqueClientAddress()
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
  // The wait for a new window comes on top of the test's own time.
  test.setTimeout(test.info().timeout + 100_000)
  await untilBurstFitsInWindow(SIGN_IN_WINDOW_MS, 100_000)
  for (let i = 0; i < 10; i++) {
    const response = await request.post('/admin-login', { form: { username: uniqueLabel('guess'), password: 'wrong' }, maxRedirects: 0 })
    expect(response.status()).toBe(303)
  }
  const refused = await request.post('/admin-login', { form: STAFF, maxRedirects: 0 })
  expect(refused.status()).toBe(429)
  expect(refused.headers()['retry-after']).toBeTruthy()
  await request.dispose()
})

test('admin POSTs sent from another site are refused', async ({ browser, playwright, baseURL }) => {
  const context = await newStaffContext(browser)
  const page = await context.newPage()
  await signIn(page)
  const cookie = (await context.cookies()).find((c) => c.name === 'en_admin')!
  const forged = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `en_admin=${cookie.value}`, Origin: 'https://evil.example', 'X-Forwarded-For': uniqueClientAddress() },
  })
  expect((await forged.post('/logout', { maxRedirects: 0 })).status()).toBe(403)
  expect((await forged.post('/api/update-plans')).status()).toBe(403)
  // React Router refuses a cross-origin POST to a page route itself (400) before our check (403).
  expect([400, 403]).toContain((await forged.post('/admin-login', { form: STAFF, maxRedirects: 0 })).status())
  // The forged logout did nothing: the session still works.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  // The plan sync works for staff and can be repeated.
  for (let i = 0; i < 2; i++) {
    const sync = await page.request.post('/api/update-plans', { headers: { Origin: baseURL! } })
    expect(sync.status()).toBe(200)
    expect(await sync.json()).toMatchObject({ success: true, plans: 3 })
  }
  await forged.dispose()
  await context.close()
})

test('a toast is swiped away to the right from 50 px on; a shorter drag springs back', async ({ browser }) => {
  const context = await newStaffContext(browser)
  const page = await context.newPage()
  // Time stands still once the toast is up, so it can't leave by itself during the drags.
  await page.clock.install()
  await signIn(page)
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Successfully logged in')
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)

  const drag = async (distance: number) => {
    const box = (await toast.boundingBox())!
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    for (let moved = 10; moved <= distance; moved += 10) await page.mouse.move(box.x + 20 + moved, y)
    await page.mouse.up()
  }
  await drag(30)
  await expect(toast).toBeVisible()
  await expect(toast).not.toHaveAttribute('style', /translateX/)
  await drag(60)
  await expect(toast).toHaveCount(0)
  await context.close()
})
