import { randomBytes } from 'node:crypto'
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
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
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(redirectTo ?? '/admin')
}

export async function signedInPage(
  browser: Browser,
  options?: { javaScriptEnabled?: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newStaffContext(browser, options)
  const page = await context.newPage()
  await signIn(page)
  return { context, page }
}
