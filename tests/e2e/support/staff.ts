import { randomBytes, randomInt } from 'node:crypto'
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import mongoose from 'mongoose'

// Helpers for the staff-area e2e files. They share the e2e database with every other file, so
// each test creates its own records with unique names and never expects an empty collection.

export const DEMO = { username: 'demo', password: 'demo-admin-2025' }

/** A fresh address per test (the server trusts one proxy hop in e2e), so rate-limit budgets don't mix. */
export function uniqueIp() {
  return `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`
}

export function uniqueLabel(prefix: string) {
  return `${prefix}-${randomBytes(4).toString('hex')}`
}

let connection: mongoose.Connection | undefined

/** A direct connection to the e2e server's database, for arranging records. */
export async function e2eDatabase() {
  if (!connection) {
    const server = (process.env.MONGODB_URI ?? '').replace(/\/?$/, '/')
    connection = await mongoose.createConnection(`${server}e2e`, { serverSelectionTimeoutMS: 5000 }).asPromise()
  }
  return connection.db!
}

export async function closeE2eDatabase() {
  await connection?.close()
  connection = undefined
}

export async function newStaffContext(browser: Browser, { javaScriptEnabled = true } = {}) {
  return browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } })
}

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/admin-login?redirectTo=${encodeURIComponent(redirectTo)}` : '/admin-login')
  await page.getByLabel('Username').fill(DEMO.username)
  await page.getByLabel('Password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(redirectTo ?? '/admin')
}

export async function signedInPage(browser: Browser, options?: { javaScriptEnabled?: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newStaffContext(browser, options)
  const page = await context.newPage()
  await signIn(page)
  return { context, page }
}
