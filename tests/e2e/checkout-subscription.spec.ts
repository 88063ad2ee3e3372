import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Locator, Page, Route } from '@playwright/test'
import mongoose from 'mongoose'
import { paidFirstInvoice, sendStripeEvent, stripeEvent } from '../support/stripe-events'
import { clientAddressHeaders } from './support/client-address'
import { untilHydrated } from './support/hydration'
import { closeE2eDatabase, e2eDatabase, uniqueLabel } from './support/staff'
import {
  expectSentToStripe,
  giveConfirmationSecret,
  STRIPE_CHECKOUT_PAGE,
  stripeHostedPageVisits,
  useStripeStandIn,
} from './support/stripe'
import { expect, test } from './support/test'
import { expectNoSeriousAxeProblems, expectNoSidewaysScroll } from './support/readable'

// A buyer from the checkout to the confirmation e-mail to Stripe's customer portal: the payment
// through the Stripe.js stand-in (or, without JavaScript, the hosted checkout), the first payment
// as Stripe's signed webhook event, the e-mail as the outbox holds it (this server has no SMTP),
// and the portal session from stripe-mock, whose page is not loaded: the redirect is what we check.

test.afterAll(closeE2eDatabase)

/** The e2e server's webhook secret (playwright.config.ts). */
const WEBHOOK_SECRET = 'whsec_e2e'
const SITE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`

type OutboxMail = { to: string; subject: string; text: string; html: string }

async function storedOrder(id: string) {
  const db = await e2eDatabase()
  return db.collection('orders').findOne({ _id: new mongoose.Types.ObjectId(id) })
}

/** The e-mail the outbox holds under `subject` for `to`, once it is there. */
async function mailIn(subject: string, to: string): Promise<OutboxMail> {
  const db = await e2eDatabase()
  let found: OutboxMail | undefined
  await expect
    .poll(
      async () => {
        const message = await db.collection('outboxmessages').findOne({ subject, 'payload.to': to }, { sort: { createdAt: -1 } })
        found = message?.payload as OutboxMail | undefined
        return Boolean(found)
      },
      { message: `an e-mail ${subject} to ${to}` },
    )
    .toBe(true)
  return found!
}

/** The portal URL stripe-mock gives every session: asked of stripe-mock itself, as the server asks it. */
async function stripeMockPortalUrl() {
  const response = await fetch(`${process.env.STRIPE_API_URL}/v1/billing_portal/sessions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_e2e', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ customer: 'cus_e2e_portal', return_url: `${SITE}/manage-subscription?returned=1` }),
  })
  return ((await response.json()) as { url: string }).url
}

/** A context of its own address (rate limits count per address), and the Stripe pages it was sent to. */
async function buyerContext(browser: Browser, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: clientAddressHeaders() })
  return { context, stripePages: stripeHostedPageVisits(context) }
}

/** Opens the e-mail as a mail client would show it and follows its "Manage your subscription" link. */
async function followManageLink(page: Page, mail: OutboxMail) {
  await page.setContent(mail.html)
  await expect(page.getByText('Your first payment has been received')).toBeVisible()
  await Promise.all([
    page.waitForURL(/\/manage-subscription\/[0-9a-f]{24}\?expires=/),
    page.getByRole('link', { name: 'Manage your subscription' }).click(),
  ])
}

/** A portal session address as real Stripe gives one (stripe-mock's live on a host of their own). */
const PORTAL_SESSION = 'https://billing.stripe.com/p/session/test_e2e_portal'

/**
 * The link page: one button, whose POST answers 303 to stripe-mock's portal session. The browser
 * then gets the address real Stripe would give, so the page's own Content-Security-Policy (which
 * browsers apply to a form's redirect too) is held to what production meets.
 */
async function openPortal(page: Page, portalUrl: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your subscription' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('button')).toHaveCount(1)
  const answers: Array<{ status: number; location?: string }> = []
  const isManageLink = (url: URL) => /^\/manage-subscription\/[0-9a-f]{24}$/.test(url.pathname)
  const asStripe = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    const response = await route.fetch({ maxRedirects: 0 })
    answers.push({ status: response.status(), location: response.headers()['location'] })
    await route.fulfill({ response, headers: { ...response.headers(), location: PORTAL_SESSION } })
  }
  await page.route(isManageLink, asStripe)
  await expectSentToStripe(page, PORTAL_SESSION, () => main.getByRole('button', { name: 'Open the billing portal' }).click())
  await page.unroute(isManageLink, asStripe)
  expect(answers).toEqual([{ status: 303, location: portalUrl }])
}

/** Asks /manage-subscription for fresh links, as a buyer who lost the e-mail would. */
async function askForLinks(page: Page, email: string) {
  await page.goto('/manage-subscription')
  await page.getByLabel('E-mail address you ordered with').fill(email)
  await page.getByRole('button', { name: 'E-mail me a link' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'If that address has a subscription with us, we have sent it a link',
  )
}

async function payInTheModal(modal: Locator, email: string) {
  await modal.getByLabel('Name on Card').fill('Dana Reyes')
  await modal.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242')
  await modal.getByLabel('Expiration date MM / YY').fill('1230')
  await modal.getByLabel('CVC').fill('123')
  await modal.getByLabel('Billing Email').fill(email)
  await modal.getByRole('checkbox').check()
  await modal.getByRole('button', { name: 'Complete Payment' }).click()
}

test('a buyer pays, is e-mailed the plan with a manage link, and the link opens Stripe’s portal', async ({ browser }) => {
  // The whole journey, on a machine other test runs share.
  test.setTimeout(60_000)
  const email = `${uniqueLabel('dana')}@example.com`
  const portalUrl = await stripeMockPortalUrl()
  const { context, stripePages } = await buyerContext(browser)
  const page = await context.newPage()
  await useStripeStandIn(page)
  const orders = await giveConfirmationSecret(page, 'pi_e2e_subscription_secret')

  // The buyer configures the plan: Professional, E3 for 4 users, with backup.
  await page.goto('/checkout')
  await page.getByTestId('plan-2').click()
  await page.getByRole('radio', { name: /E3 \(no Teams\)/ }).check()
  await page.getByLabel('Number of users').fill('4')
  await page.getByRole('switch').check()
  await expect(page.getByTestId('total')).toHaveText('$762.80/month')
  await untilHydrated(page, 'section[aria-labelledby="order-summary-heading"] form[method="post"] button[type="submit"]')
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await payInTheModal(page.getByRole('dialog', { name: 'Complete Your Purchase' }), email)
  await expect(page.getByTestId('toast')).toContainText('Payment successful!')
  expect(orders).toHaveLength(1)
  const orderId = orders[0]!.id

  // Stripe tells the site the first invoice is paid. stripe-mock gives every subscription's first
  // invoice the same id, so the event carries one of its own; the subscription id is the order's.
  const order = await storedOrder(orderId)
  expect(order).toMatchObject({ status: 'pending', email, amount: 762.8 })
  const paid = stripeEvent(
    'invoice.paid',
    paidFirstInvoice({ orderId, subscription: order!.stripeSubscriptionId as string, cents: Math.round(order!.amount * 100) }),
  )
  const answer = await sendStripeEvent(SITE, WEBHOOK_SECRET, paid)
  expect(answer.status).toBe(200)
  expect(await answer.json()).toMatchObject({ applied: true, orderId })
  expect(await storedOrder(orderId)).toMatchObject({ status: 'paid' })

  const mail = await mailIn(`order-paid:${orderId}`, email)
  expect(mail.subject).toBe('Your Professional plan with Roswell IT Solutions is active')
  for (const words of ['Professional', 'E3', '4 users', '$762.80 per month', 'Next billing date']) expect(mail.text).toContain(words)

  await followManageLink(page, mail)
  await openPortal(page, portalUrl)
  expect(stripePages).toEqual([PORTAL_SESSION])

  // A lost e-mail: the buyer asks for a fresh link by address, and it works the same.
  await askForLinks(page, email)
  const fresh = await mailIn(`manage-links:${orderId}`, email)
  const link = /https?:\/\/\S+\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&signature=[\w-]+/.exec(fresh.text)?.[0]
  expect(link).toBeTruthy()
  await page.goto(link!)
  await openPortal(page, portalUrl)
  await context.close()
})

/** A pending hosted-checkout order made through the no-JavaScript form, and its Checkout Session id. */
async function hostedCheckoutOrder(page: Page, users: number) {
  await page.goto(`/checkout?plan=3&microsoft365=business_premium&ms365_users=${users}`)
  // The server stores the order before it sends the browser to Stripe.
  await expectSentToStripe(page, STRIPE_CHECKOUT_PAGE, () => page.getByRole('button', { name: 'Proceed to Checkout' }).click())
  const db = await e2eDatabase()
  const order = await db
    .collection('orders')
    .findOne(
      { planId: 3, ms365Option: 'business_premium', ms365Users: users, stripeCheckoutSessionId: { $exists: true } },
      { sort: { createdAt: -1 } },
    )
  expect(order).toBeTruthy()
  return { id: String(order!._id), sessionId: order!.stripeCheckoutSessionId as string, cents: Math.round(order!.amount * 100) }
}

async function withoutJavaScript(browser: Browser): Promise<{ context: BrowserContext; page: Page; stripePages: string[] }> {
  const { context, stripePages } = await buyerContext(browser, { javaScriptEnabled: false })
  return { context, page: await context.newPage(), stripePages }
}

test('without JavaScript: hosted checkout, the e-mail, the manage page and a fresh link by e-mail', async ({ browser }) => {
  test.setTimeout(60_000)
  const email = `${uniqueLabel('noscript')}@example.com`
  const portalUrl = await stripeMockPortalUrl()
  const { context, page, stripePages } = await withoutJavaScript(browser)
  // A number of users no other test picks, to find this order among the shared database's.
  const users = 100 + Math.floor(Math.random() * 800)
  const order = await hostedCheckoutOrder(page, users)

  const tag = uniqueLabel('hosted')
  const completed = stripeEvent('checkout.session.completed', {
    id: order.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_total: order.cents,
    currency: 'usd',
    customer: `cus_${tag}`,
    subscription: `sub_${tag}`,
    client_reference_id: order.id,
    metadata: { orderId: order.id },
    customer_details: { name: 'Sam Noscript', email },
  })
  const answer = await sendStripeEvent(SITE, WEBHOOK_SECRET, completed)
  expect(await answer.json()).toMatchObject({ applied: true, orderId: order.id })

  const mail = await mailIn(`order-paid:${order.id}`, email)
  expect(mail.text).toContain('Hello Sam Noscript,')
  const link = /https?:\/\/\S+\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&signature=[\w-]+/.exec(mail.text)?.[0]
  await page.goto(link!)
  await openPortal(page, portalUrl)

  await askForLinks(page, email)
  const fresh = await mailIn(`manage-links:${order.id}`, email)
  expect(fresh.text).toContain('Enterprise plan:')
  await page.goto(/https?:\/\/\S+\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&signature=[\w-]+/.exec(fresh.text)![0])
  await openPortal(page, portalUrl)
  expect(stripePages.map((url) => new URL(url).hostname)).toEqual(['checkout.stripe.com', 'billing.stripe.com', 'billing.stripe.com'])
  await context.close()
})

test('an address without a subscription gets the same answer, and nothing is sent', async ({ browser }) => {
  const email = `${uniqueLabel('stranger')}@example.com`
  const { context } = await buyerContext(browser)
  const page = await context.newPage()
  await askForLinks(page, email)
  await page.waitForTimeout(500)
  const db = await e2eDatabase()
  expect(await db.collection('outboxmessages').countDocuments({ 'payload.to': email })).toBe(0)
  await context.close()
})

/** Where the run may save the docs' screenshots (SUBSCRIPTION_SHOTS=docs/images). */
const SHOTS = process.env.SUBSCRIPTION_SHOTS
const SIZES = [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
]

const MANAGE_LINK = /https?:\/\/\S+\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&signature=[\w-]+/

/**
 * A manage link signed as the server signs it (app/orders/manage-link.server.ts), with the e2e
 * server's secret: SESSION_SECRET if set, else the one it keeps beside the local database.
 */
function signedManageLink(orderId: string, expires: number) {
  const secret = process.env.SESSION_SECRET?.split(',')[0] ?? readFileSync('.data/session-secret', 'utf8').trim()
  const signature = createHmac('sha256', secret).update(`manage-subscription:v1:${orderId}:${expires}`).digest('base64url')
  return `${SITE}/manage-subscription/${orderId}?expires=${expires}&signature=${signature}`
}

/** A paid order of Professional with Business Premium and backup for 12 users, and its confirmation e-mail. */
async function paidOrderWithMail(email: string) {
  const db = await e2eDatabase()
  const tag = uniqueLabel('shots')
  const amount = 599 + 12 * 22 + 12 * 4.95
  const { insertedId } = await db.collection('orders').insertOne({
    name: 'Jordan Whitfield',
    email,
    phone: '770-555-0188',
    planId: 2,
    paymentMethod: 'credit_card',
    ms365Option: 'business_premium',
    ms365Users: 12,
    includeCloudBackup: true,
    status: 'pending',
    amount,
    stripeCustomerId: `cus_${tag}`,
    stripeSubscriptionId: `sub_${tag}`,
    subscription: null,
    invoices: [],
    appliedEventIds: [],
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  const orderId = String(insertedId)
  const paid = stripeEvent('invoice.paid', paidFirstInvoice({ orderId, subscription: `sub_${tag}`, cents: Math.round(amount * 100) }))
  expect((await sendStripeEvent(SITE, WEBHOOK_SECRET, paid)).status).toBe(200)
  return { orderId, mail: await mailIn(`order-paid:${orderId}`, email) }
}

/** No serious accessibility problem (axe) and nothing off the side of the screen. */
async function expectReadable(page: Page, { axe }: { axe: boolean }) {
  await expectNoSidewaysScroll(page)
  if (axe) await expectNoSeriousAxeProblems(page)
}

for (const size of SIZES) {
  test(`the buyer’s e-mail and pages at ${size.name} px: the link, a tampered and an expired one, and asking for a new one`, async ({
    browser,
    allowConsoleErrors,
  }) => {
    test.setTimeout(90_000)
    // The bad links answer 400 and 410, as they should.
    allowConsoleErrors(/status of 400/, /status of 410/)
    const email = `${uniqueLabel('jordan')}@example.com`
    const { orderId, mail } = await paidOrderWithMail(email)
    const { context } = await buyerContext(browser)
    const page = await context.newPage()
    await page.setViewportSize(size)
    // axe once, at the phone's size; the layout at both.
    const axe = size.width < 500
    // The e-mail whole; a page as the screen shows it (the card, not the site's footer).
    const shot = (name: string) =>
      SHOTS ? page.screenshot({ path: `${SHOTS}/subscriptions-${name}-${size.name}.png`, fullPage: name === 'email' }) : null

    await page.setContent(mail.html)
    await expect(page.getByRole('link', { name: 'Manage your subscription' })).toBeVisible()
    await shot('email')

    const link = MANAGE_LINK.exec(mail.text)![0]
    await page.goto(link)
    await expect(page.getByRole('button', { name: 'Open the billing portal' })).toBeVisible()
    await expectReadable(page, { axe })
    await shot('link')

    const tampered = new URL(link)
    tampered.searchParams.set('signature', `${'A'.repeat(42)}B`)
    expect((await page.goto(tampered.href))?.status()).toBe(400)
    await expect(page.getByRole('alert')).toHaveText('This link is not valid. Ask for a new one below.')
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)
    await expectReadable(page, { axe })
    await shot('link-tampered')

    const expired = signedManageLink(orderId, Math.floor(Date.now() / 1000) - 60)
    expect((await page.goto(expired))?.status()).toBe(410)
    await expect(page.getByRole('alert')).toHaveText('This link has expired. Ask for a new one below: it takes a minute.')
    await expectReadable(page, { axe })
    await shot('link-expired')

    await page.getByRole('link', { name: 'Ask for a new link' }).click()
    await expect(page.getByLabel('E-mail address you ordered with')).toBeVisible()
    await expectReadable(page, { axe })
    await shot('request')
    await askForLinks(page, email)
    await expectReadable(page, { axe })
    await shot('request-sent')
    await context.close()
  })
}
