import path from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'

const STAND_IN = path.join(import.meta.dirname, 'stripe-stand-in.js')

/** Serves the local Stripe.js stand-in wherever the page asks js.stripe.com; returns the URLs asked for. */
export async function useStripeStandIn(page: Page) {
  const requested: string[] = []
  await page.route('https://js.stripe.com/**', async (route) => {
    requested.push(route.request().url())
    await route.fulfill({ path: STAND_IN, contentType: 'text/javascript' })
  })
  return requested
}

/**
 * stripe-mock answers every subscription with an empty confirmation secret; real Stripe always
 * fills it in. The browser gets one, as it would from Stripe, with the server's answer otherwise kept.
 */
export async function giveConfirmationSecret(page: Page, clientSecret: string) {
  /** The orders the server started, with the token that reads each one's status. */
  const orders: { id: string; token: string }[] = []
  await page.route('**/api/create-payment-intent', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { clientSecret?: string; orderId?: string; orderToken?: string }
    if (response.ok() && body.orderId && body.orderToken) orders.push({ id: body.orderId, token: body.orderToken })
    await route.fulfill({ response, json: response.ok() ? { ...body, clientSecret: body.clientSecret || clientSecret } : body })
  })
  return orders
}

/** Stripe's hosted pages: Checkout and the billing portal. */
const STRIPE_HOSTED_PAGE = /^https:\/\/(checkout|billing)\.stripe\.com\//
/** Stripe Checkout's hosted page, where a Checkout Session's address leads. */
export const STRIPE_CHECKOUT_PAGE = /^https:\/\/checkout\.stripe\.com\//

/**
 * The addresses on Stripe's hosted pages that `context`'s pages were sent to. Those pages can't be
 * reached from here, and the site sends the browser to them by a redirect, whose target no route
 * sees (Playwright routes only the first request of a redirect chain): so a test checks where the
 * browser went, not a stand-in page. The browser applies the page's Content-Security-Policy
 * (form-action) to the redirect: a blocked one asks for nothing and logs a console error, which
 * fails the test.
 */
export function stripeHostedPageVisits(context: BrowserContext) {
  const visits: string[] = []
  context.on('request', (request) => {
    if (request.isNavigationRequest() && STRIPE_HOSTED_PAGE.test(request.url())) visits.push(request.url())
  })
  return visits
}

/**
 * Runs `action`, which sends the browser to Stripe's hosted page `url` by a redirect, and waits until
 * the browser has given up on that page: it can't be reached from here, so the visit ends on the
 * browser's own error page, which would cut off a navigation the test started before it.
 */
export async function expectSentToStripe(page: Page, url: string | RegExp, action: () => Promise<unknown>) {
  await Promise.all([
    page.waitForRequest(url),
    page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame() && frame.url().startsWith('chrome-error:')),
    action(),
  ])
}
