import { randomBytes } from 'node:crypto'
import { type Browser, type BrowserContext, type BrowserContextOptions, expect, type Page } from '@playwright/test'
import mongoose from 'mongoose'
import { uniqueClientAddress } from './client-address'
import { e2eDatabaseUri } from './e2e-server'
import { STAFF } from './staff-credentials'

// Helpers for the staff-area e2e files. They share the e2e database with every other file, so
// each test creates its own records with unique names and never expects an empty collection.

export { STAFF }

export function uniqueLabel(prefix: string) {
  return `${prefix}-${randomBytes(4).toString('hex')}`
}

let connection: mongoose.Connection | undefined

/** A direct connection to the e2e server's database, for arranging records. */
export async function e2eDatabase() {
  if (!connection) {
    connection = await mongoose.createConnection(e2eDatabaseUri(), { serverSelectionTimeoutMS: 5000 }).asPromise()
  }
  return connection.db!
}

export async function closeE2eDatabase() {
  await connection?.close()
  connection = undefined
}

export async function newStaffContext(browser: Browser, { javaScriptEnabled = true } = {}) {
  return browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() } })
}

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/admin-login?redirectTo=${encodeURIComponent(redirectTo)}` : '/admin-login')
  await page.getByLabel('Username').fill(STAFF.username)
  await page.getByLabel('Password').fill(STAFF.password)
  // The password hash is slow on purpose (more so on a busy machine): wait for the answer's
  // navigation, within the test's own time, rather than an assertion's few seconds.
  const target = redirectTo ?? '/admin'
  await Promise.all([page.waitForURL((url) => url.pathname + url.search === target), page.getByRole('button', { name: 'Sign in' }).click()])
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>
/** This worker's staff session: signed in through the form once, then reused by every test that only needs to be signed in. */
let staffSession: Promise<StorageState> | undefined

/**
 * A page at `at` (the dashboard unless said), signed in as the e2e owner, at `viewport` if given. A
 * test that starts on another page names it here rather than loading the dashboard first (about a
 * second a test on the loaded machine). Tests about signing in and out sign in themselves (signIn),
 * so nothing here is revoked while other tests use it.
 */
export async function signedInPage(
  browser: Browser,
  {
    javaScriptEnabled = true,
    at = '/admin',
    viewport,
  }: { javaScriptEnabled?: boolean; at?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  staffSession ??= (async () => {
    const context = await newStaffContext(browser)
    await signIn(await context.newPage())
    // Staff answer chats under a display name (the inbox asks for one before a first reply).
    await (
      await e2eDatabase()
    )
      .collection('users')
      .updateOne({ username: STAFF.username, name: { $in: ['', null] } }, { $set: { name: STAFF.displayName } })
    const state = await context.storageState()
    await context.close()
    return state
  })()
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() },
    storageState: await staffSession,
    ...(viewport ? { viewport: { width: viewport.width, height: viewport.height } } : {}),
  })
  const page = await context.newPage()
  await page.goto(at)
  await expect(page).toHaveURL(at)
  return { context, page }
}
