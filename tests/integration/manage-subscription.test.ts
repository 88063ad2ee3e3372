import { createHmac, randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRIPE_API_VERSION } from '#app/integrations/stripe-client.server'
import { Order } from '#app/orders/order-model.server'
import { type AppServer, TEST_SESSION_SECRET, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { startSmtpReceiver, waitFor } from '#tests/support/receivers'
import { untilBurstFitsInWindow } from '#tests/support/rate-limit-window'
import { MANAGE_LINK_REQUEST_LIMIT } from '#app/orders/manage-subscription.server'

// The buyer's self-service without an account: the signed link from the confirmation e-mail, the
// page that mails fresh links, and the POST that opens Stripe's customer portal (stripe-mock).

const mongodbUri = setupTestDatabase('manage_subscription')
const WEBHOOK_SECRET = 'whsec_test_manage_secret'
const signer = new Stripe('sk_test_123')

let server: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>

beforeAll(async () => {
  if (!process.env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is unset: run through scripts/with-services.mjs')
  smtp = await startSmtpReceiver()
  server = await startAppServer({
    mongodbUri,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url,
      CONTACT_TO: 'staff@roswell.test',
      TRUST_PROXY: '1',
    },
  })
})
afterAll(async () => {
  await server?.stop()
  await smtp?.stop()
})

const unique = () => randomBytes(6).toString('hex')
let ipCounter = 0
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`

function decoded(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
const linkIn = (raw: string) =>
  /https?:\/\/[^\s"<>]+\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&amp;signature=[\w-]+|https?:\/\/[^\s"<>]+\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&signature=[\w-]+/
    .exec(decoded(raw))?.[0]
    ?.replace(/&amp;/g, '&')

async function paidOrderLink(customer: string | null = `cus_${unique()}`) {
  const tag = unique()
  const email = `buyer-${tag}@example.com`
  const order = await Order.create({
    name: `Buyer ${tag}`,
    email,
    planId: 1,
    ms365Option: 'none',
    ms365Users: 0,
    includeCloudBackup: false,
    amount: 10,
    status: 'pending',
    ...(customer ? { stripeCustomerId: customer } : {}),
    stripeSubscriptionId: `sub_${tag}`,
  })
  const payload = JSON.stringify({
    id: `evt_${tag}`,
    object: 'event',
    type: 'invoice.paid',
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_${tag}`,
        object: 'invoice',
        status: 'paid',
        amount_paid: 1000,
        currency: 'usd',
        billing_reason: 'subscription_create',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: `sub_${tag}`, metadata: { orderId: String(order._id) } },
        },
      },
    },
  })
  const answer = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  })
  expect(answer.status).toBe(200)
  const mail = await waitFor(() => smtp.received.find((received) => received.to.includes(email)))
  const link = linkIn(mail.raw)
  expect(link).toBeTruthy()
  return { id: String(order._id), email, link: link!.replace(/^https?:\/\/[^/]+/, server.url) }
}

function post(url: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, 'X-Forwarded-For': nextIp(), ...headers },
    body: new URLSearchParams(body).toString(),
  })
}

describe('the manage link', () => {
  it('opens a page with one button and changes nothing; its POST answers 303 to a billing portal session', async () => {
    const { link } = await paidOrderLink()
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toContain('no-store')
    // Browsers hold the POST's redirect to form-action; the link in the address goes to no other site.
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://billing.stripe.com;")
    expect(page.headers.get('referrer-policy')?.split(/,\s*/).at(-1)).toBe('same-origin')
    const html = await page.text()
    expect(html).toContain('Open the billing portal')
    expect(html).toContain('noindex')

    const portal = await post(link)
    expect(portal.status).toBe(303)
    // stripe-mock answers its fixture session; real Stripe a one-time billing.stripe.com address.
    expect(portal.headers.get('location')).toMatch(/^https:\/\//)
  })

  it('a tampered or expired link is a clear page with a way to ask for a new one, never a portal session', async () => {
    const { link } = await paidOrderLink()
    const url = new URL(link)
    const signature = url.searchParams.get('signature')!
    url.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`)
    const tampered = await fetch(url)
    expect(tampered.status).toBe(400)
    expect(await tampered.text()).toContain('Ask for a new link')
    expect((await post(url.toString())).status).toBe(400)

    const longer = new URL(link)
    longer.searchParams.set('expires', String(Number(longer.searchParams.get('expires')) + 86400))
    expect((await post(longer.toString())).status).toBe(400)

    const otherOrder = new URL(link.replace(/manage-subscription\/[0-9a-f]{24}/, `manage-subscription/${'a'.repeat(24)}`))
    expect((await post(otherOrder.toString())).status).toBe(400)

    for (const hostile of [
      '/manage-subscription/not-an-id',
      '/manage-subscription/%24ne?expires=1&signature=x',
      `/manage-subscription/${'b'.repeat(24)}?expires=${'9'.repeat(40)}&signature=${'x'.repeat(43)}`,
    ]) {
      const response = await fetch(`${server.url}${hostile}`)
      expect(response.status).toBe(400)
    }
  })

  it('an expired link says so with 410 and offers a new one; an old expiry without the right signature is only "not valid"', async () => {
    const { id } = await paidOrderLink()
    const expires = Math.floor(Date.now() / 1000) - 60
    // Signed as the server signs, with the test servers' session secret.
    const signature = createHmac('sha256', TEST_SESSION_SECRET).update(`manage-subscription:v1:${id}:${expires}`).digest('base64url')
    const expired = await fetch(`${server.url}/manage-subscription/${id}?expires=${expires}&signature=${signature}`)
    expect(expired.status).toBe(410)
    const html = await expired.text()
    expect(html).toContain('This link has expired')
    expect(html).toContain('Ask for a new link')
    expect(html).not.toContain('Open the billing portal')
    expect((await post(`${server.url}/manage-subscription/${id}?expires=${expires}&signature=${signature}`)).status).toBe(410)

    const forged = await fetch(`${server.url}/manage-subscription/${id}?expires=1000&signature=${'A'.repeat(43)}`)
    expect(forged.status).toBe(400)
  })

  it('says so for an order without a Stripe customer', async () => {
    const { link } = await paidOrderLink(null)
    const response = await post(link)
    expect(response.status).toBe(409)
    expect(await response.text()).toContain('no billing account')
  })

  it('refuses a POST from another site', async () => {
    const { link } = await paidOrderLink()
    const forged = await post(link, {}, { Origin: 'https://evil.example' })
    expect([400, 403]).toContain(forged.status)
    expect(forged.headers.get('location')).toBeNull()
  })
})

describe('asking for a new link', () => {
  it('answers the same for a customer and an unknown address, and mails only the customer a fresh link', async () => {
    const { email } = await paidOrderLink()
    const before = smtp.received.filter((mail) => mail.to.includes(email)).length
    const known = await post(`${server.url}/manage-subscription`, { email: email.toUpperCase() })
    const unknownAddress = `nobody-${unique()}@example.com`
    const unknown = await post(`${server.url}/manage-subscription`, { email: unknownAddress })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const [knownText, unknownText] = await Promise.all([known.text(), unknown.text()])
    expect(knownText).toContain('If that address has a subscription with us')
    expect(unknownText).toContain('If that address has a subscription with us')

    const mails = await waitFor(() => {
      const found = smtp.received.filter((mail) => mail.to.includes(email))
      return found.length > before ? found : false
    })
    expect(linkIn(mails.at(-1)!.raw)).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received.some((mail) => mail.to.includes(unknownAddress))).toBe(false)
  })

  it('refuses an address that is not one, an overlong one and an oversized body', async () => {
    expect((await post(`${server.url}/manage-subscription`, { email: 'not an address' })).status).toBe(400)
    expect((await post(`${server.url}/manage-subscription`, { email: `${'a'.repeat(250)}@example.com` })).status).toBe(400)
    expect((await post(`${server.url}/manage-subscription`, { email: 'x@example.com', pad: 'y'.repeat(4000) })).status).toBe(413)
  })

  it('limits requests from one address', { timeout: 50_000 }, async () => {
    const ip = '192.0.2.77'
    const statuses: number[] = []
    await untilBurstFitsInWindow(MANAGE_LINK_REQUEST_LIMIT.windowMs, 20_000)
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post(`${server.url}/manage-subscription`, { email: `someone-${i}@example.com` }, { 'X-Forwarded-For': ip })).status,
      )
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses[5]).toBe(429)
  })
})
