import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { Order } from '#app/orders/order-model.server'
import { STRIPE_API_VERSION } from '#app/integrations/stripe-client.server'
import { type AppServer, openSocketCount, residentMemoryMb, startAppServer, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase, uniqueDatabaseUri } from '#tests/support/database'
import { postLargeBody } from '#tests/support/raw-post'
import { signInOverHttp } from '#tests/support/staff-session'
import { untilBurstFitsInWindow } from '#tests/support/rate-limit-window'
import { SIGN_IN_WINDOW_MS } from '#app/domain/staff'

// Weaknesses found by probing `npm start` as an attacker would, each kept as the exact probe that
// found it, against the built production server.

const mongodbUri = setupTestDatabase('findings')
const WEBHOOK_SECRET = 'whsec_test_findings'
const signer = new Stripe('sk_test_123')
let server: AppServer

beforeAll(async () => {
  if (!process.env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is unset: run through scripts/with-services.mjs')
  await seedCatalogue()
  server = await startAppServer({
    mongodbUri,
    inspect: true,
    env: {
      TRUST_PROXY: '1',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

let addressCounter = 0
/** A fresh client address per test (TRUST_PROXY=1 reads it from X-Forwarded-For). */
function newAddress() {
  addressCounter += 1
  return `198.51.100.${addressCounter}`
}

function signIn(
  baseUrl: string,
  {
    username,
    password,
    redirectTo,
    address,
    cookie,
  }: { username: string; password: string; redirectTo?: string; address: string; cookie?: string },
) {
  return fetch(`${baseUrl}/admin-login`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ username, password, ...(redirectTo === undefined ? {} : { redirectTo }) }),
    redirect: 'manual',
  })
}

function sessionCookieOf(response: Response) {
  return response.headers.getSetCookie().find((value) => /^(__Host-)?en_admin=./.test(value))
}

describe('finding 1: a known staff password on a reachable server', () => {
  it('shows no password on /admin-login without ADMIN_PASSWORD in production, and the demo pair does not sign in', async () => {
    const fresh = await startAppServer({ mongodbUri: uniqueDatabaseUri('fresh_clone'), env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } })
    try {
      const page = await fetch(`${fresh.url}/admin-login`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).not.toContain('demo-admin-2025')
      expect(html).not.toMatch(/password <strong>/i)
      expect(html).toContain('printed once in the server console')

      const demo = await signIn(fresh.url, { username: 'demo', password: 'demo-admin-2025', address: newAddress() })
      expect(demo.status).toBe(303)
      expect(demo.headers.get('location')).toMatch(/^\/admin-login/)
      expect(sessionCookieOf(demo)).toBeUndefined()

      // The owner's random password was printed once, on the console, and it works.
      const printed = /username: (\S+)\s+password: (\S+)/.exec(fresh.output())
      expect(printed?.[1]).toBe('admin')
      const owner = await signIn(fresh.url, { username: 'admin', password: printed![2]!, address: newAddress() })
      expect(owner.status).toBe(303)
      expect(owner.headers.get('location')).toBe('/admin')
      expect(sessionCookieOf(owner)).toBeDefined()
    } finally {
      await fresh.stop()
    }
  })
})

describe('finding 2: request bodies of any size', () => {
  const MB = 1024 * 1024

  it('answers a 200 MB POST to /checkout with 413 without reading it: the server grows by less than 30 MB', async () => {
    for (const chunked of [false, true]) {
      await (await fetch(`${server.url}/checkout`)).text()
      const before = await server.retainedMemoryMb()
      const socketsBefore = await openSocketCount(server.pid)
      const answer = await postLargeBody(`${server.url}/checkout`, { bytes: 200 * MB, chunked })
      const atAnswer = await residentMemoryMb(server.pid)
      // Once the server has closed the connection (its lingering close ends when the client hangs
      // up, else after 2 s): what it kept.
      await expect.poll(() => openSocketCount(server.pid), { timeout: 5000, interval: 50 }).toBeLessThanOrEqual(socketsBefore)
      const after = await server.retainedMemoryMb()
      console.log(
        `[finding 2] 200 MB ${chunked ? 'chunked' : 'declared'} POST /checkout: ${answer.status} after ${(answer.sentBytes / MB).toFixed(1)} MB sent; ` +
          `RSS ${before.toFixed(0)} MB before, ${atAnswer.toFixed(0)} MB at the answer, ${after.toFixed(0)} MB after`,
      )
      expect(answer.status).toBe(413)
      expect(answer.body).toContain('Request too large')
      expect(answer.sentBytes).toBeLessThan(200 * MB)
      expect(atAnswer - before).toBeLessThan(30)
      expect(after - before).toBeLessThan(30)
    }
  })

  it.each(['/admin-login', '/admin/orders/000000000000000000000000', '/api/stripe/webhook'])(
    'refuses a 1 MB body to %s with 413, declared or chunked, even from signed-in staff',
    async (path) => {
      const staff = await signInOverHttp(server.url)
      for (const chunked of [false, true]) {
        const answer = await postLargeBody(`${server.url}${path}`, {
          bytes: MB,
          chunked,
          headers: { Cookie: staff, 'Stripe-Signature': 't=1,v1=x' },
        })
        expect(answer.status, `${chunked ? 'chunked' : 'declared'} body to ${path}`).toBe(413)
      }
    },
  )
})

describe('finding 3: redirects after sign-in', () => {
  it.each([
    '/.//evil.example/admin-login',
    '//evil.example/admin-login',
    '/\\evil.example/admin-login',
    '/%2e//evil.example/admin-login',
    '/a/..//evil.example/admin-login',
    '/\t/evil.example/admin-login',
    '/\n/evil.example/admin-login',
  ])('stay on the site for redirectTo=%j', async (redirectTo) => {
    const response = await signIn(server.url, { ...TEST_STAFF, redirectTo, address: newAddress() })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/admin')
  })

  it('keep a local path', async () => {
    const response = await signIn(server.url, { ...TEST_STAFF, redirectTo: '/admin/logs?tab=raw', address: newAddress() })
    expect(response.headers.get('location')).toBe('/admin/logs?tab=raw')
  })
})

describe('finding 4: sign-in races and lockouts', () => {
  it(
    'checks at most 5 of 40 parallel wrong passwords from one address, and still lets the owner in from another',
    { timeout: 60_000 },
    async () => {
      const attacker = newAddress()
      await untilBurstFitsInWindow(SIGN_IN_WINDOW_MS, 30_000)
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          signIn(server.url, { username: TEST_STAFF.username, password: 'wrong password', address: attacker }),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      // 303 back to the form is a password that was checked and found wrong; 429 was refused unchecked.
      expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5)
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35)
      const refused = answers.find((answer) => answer.status === 429)!
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

      const owner = await signIn(server.url, { ...TEST_STAFF, address: newAddress() })
      expect(owner.status).toBe(303)
      expect(owner.headers.get('location')).toBe('/admin')
      expect(sessionCookieOf(owner)).toBeDefined()
    },
  )

  it('never locks out a browser that signed in before, even after failures from its own address', { timeout: 60_000 }, async () => {
    const office = newAddress()
    const first = await signIn(server.url, { ...TEST_STAFF, address: office })
    const device = first.headers.getSetCookie().find((value) => /^(__Host-)?en_device=/.test(value))
    expect(device).toBeDefined()
    // Someone else behind the same address fails until the address is refused.
    await untilBurstFitsInWindow(SIGN_IN_WINDOW_MS, 30_000)
    for (let i = 0; i < 6; i++) await signIn(server.url, { username: TEST_STAFF.username, password: 'guess', address: office })
    expect((await signIn(server.url, { ...TEST_STAFF, address: office })).status).toBe(429)
    const trusted = await signIn(server.url, { ...TEST_STAFF, address: office, cookie: device!.split(';')[0] })
    expect(trusted.status).toBe(303)
    expect(sessionCookieOf(trusted)).toBeDefined()
  })
})

describe('finding 5: webhooks trusting buyers’ fields', () => {
  function sendEvent(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: `evt_findings_${Date.now()}_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    })
    return fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    })
  }

  it('does not mark a pending order paid because a signed session’s client_reference_id names it', async () => {
    const order = await Order.create({
      name: 'Dana Reyes',
      email: 'dana@example.com',
      planId: 1,
      amount: 299,
      stripeSubscriptionId: 'sub_real',
    })
    const response = await sendEvent('checkout.session.completed', {
      id: 'cs_test_someone_elses_session',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(order._id),
      metadata: {},
      payment_status: 'paid',
      amount_total: 29900,
      currency: 'usd',
    })
    expect(response.status).toBe(200)
    expect((await Order.findById(order._id).lean())?.status).toBe('pending')
  })
})
