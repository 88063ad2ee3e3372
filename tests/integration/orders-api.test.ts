import { randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { Order } from '#app/orders/order-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

// The staff JSON API for orders, against the built server, the real database and stripe-mock.

const mongodbUri = setupTestDatabase('orders_api')
let server: AppServer
let down: AppServer
let staff: Record<string, string>

beforeAll(async () => {
  if (!process.env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is unset: run through scripts/with-services.mjs')
  await seedCatalogue()
  const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }
  ;[server, down] = await Promise.all([
    startAppServer({ mongodbUri, env: stripeEnv }),
    // Stripe unreachable: nothing listens on port 9 here.
    startAppServer({ mongodbUri, env: { ...stripeEnv, STRIPE_API_URL: 'http://127.0.0.1:9' } }),
  ])
  staff = { Cookie: await signInOverHttp(server.url), Origin: server.url }
  await Order.deleteMany({})
})
afterAll(async () => {
  await Promise.all([server?.stop(), down?.stop()])
})

const unique = () => randomBytes(6).toString('hex')
const DAY = 24 * 60 * 60 * 1000

async function order(fields: Record<string, unknown> = {}) {
  const tag = unique()
  const created = await Order.create({
    name: `Buyer ${tag}`,
    email: `buyer-${tag}@example.com`,
    planId: 2,
    ms365Option: 'e3',
    ms365Users: 3,
    includeCloudBackup: true,
    amount: 721.85,
    status: 'paid',
    stripeCustomerId: `cus_${tag}`,
    stripeSubscriptionId: `sub_${tag}`,
    ...fields,
  })
  return String(created._id)
}

describe('the orders API', () => {
  it('lists orders a page at a time, filtered by status or canceling, with the total in X-Total-Count', async () => {
    await Order.deleteMany({})
    const paid = await order()
    await order({ status: 'past_due' })
    await order({ status: 'pending' })
    const canceling = await order({
      subscription: {
        id: 'sub_x',
        status: 'active',
        currentPeriodEnd: new Date(),
        cancelAtPeriodEnd: true,
        itemQuantities: {},
        stripeUpdatedAt: new Date(),
      },
    })
    const all = await fetch(`${server.url}/api/admin/orders?limit=2`, { headers: staff })
    expect(all.status).toBe(200)
    expect(all.headers.get('x-total-count')).toBe('4')
    expect(all.headers.get('link')).toContain('rel="next"')
    expect(((await all.json()) as unknown[]).length).toBe(2)

    const pastDue = (await (await fetch(`${server.url}/api/admin/orders?status=past_due`, { headers: staff })).json()) as Array<{
      status: string
    }>
    expect(pastDue.map((entry) => entry.status)).toEqual(['past_due'])
    const cancelingList = (await (await fetch(`${server.url}/api/admin/orders?status=canceling`, { headers: staff })).json()) as Array<{
      id: string
    }>
    expect(cancelingList.map((entry) => entry.id)).toEqual([canceling])
    const paidList = (await (await fetch(`${server.url}/api/admin/orders?status=paid`, { headers: staff })).json()) as Array<{ id: string }>
    expect(paidList.map((entry) => entry.id).sort()).toEqual([paid, canceling].sort())
  })

  it('refuses an unknown status, a bad page or limit with 400, and anyone but staff with 401', async () => {
    for (const query of ['status=shipped', 'status=paid%00', 'page=0', 'limit=501', 'page=abc'])
      expect((await fetch(`${server.url}/api/admin/orders?${query}`, { headers: staff })).status).toBe(400)
    expect((await fetch(`${server.url}/api/admin/orders`)).status).toBe(401)
    expect((await fetch(`${server.url}/api/admin/orders/summary`)).status).toBe(401)
  })

  it('gives an order with its subscription and invoices in the agreed shape; 404 for an unknown one', async () => {
    const id = await order({
      phone: '770-555-0100',
      subscription: {
        id: 'sub_d',
        status: 'active',
        currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
        cancelAtPeriodEnd: false,
        itemQuantities: { ms365: 3 },
        stripeUpdatedAt: new Date(),
      },
      invoices: [
        {
          id: 'in_1',
          number: 'INV-1',
          amount: 721.85,
          currency: 'usd',
          status: 'paid',
          paidAt: new Date('2026-11-01T00:00:00Z'),
          url: 'https://invoice.test/1',
          stripeUpdatedAt: new Date(),
        },
      ],
    })
    const response = await fetch(`${server.url}/api/admin/orders/${id}`, { headers: staff })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'phone',
        'status',
        'planId',
        'planName',
        'ms365Option',
        'ms365Users',
        'includeCloudBackup',
        'amount',
        'createdAt',
        'customerId',
        'subscriptionId',
        'subscription',
        'invoices',
      ].sort(),
    )
    expect(body).toMatchObject({
      id,
      planName: 'Professional',
      amount: 721.85,
      subscriptionId: expect.stringMatching(/^sub_/),
      subscription: {
        id: 'sub_d',
        status: 'active',
        currentPeriodEnd: '2026-12-01T00:00:00.000Z',
        cancelAtPeriodEnd: false,
        itemQuantities: { ms365: 3, backup: null },
      },
      invoices: [
        {
          id: 'in_1',
          number: 'INV-1',
          amount: 721.85,
          currency: 'usd',
          status: 'paid',
          paidAt: '2026-11-01T00:00:00.000Z',
          url: 'https://invoice.test/1',
        },
      ],
    })
    expect((await fetch(`${server.url}/api/admin/orders/${new mongoose.Types.ObjectId()}`, { headers: staff })).status).toBe(404)
    expect((await fetch(`${server.url}/api/admin/orders/not-an-id`, { headers: staff })).status).toBe(404)
  })

  it('sums the business: recurring revenue, active subscriptions, Microsoft 365 users, past due, cancellations in 30 days', async () => {
    await Order.deleteMany({})
    await order()
    await order({ status: 'past_due', ms365Users: 5, amount: 803.75 })
    await order({ ms365Option: 'none', ms365Users: 0, includeCloudBackup: false, amount: 599 })
    await order({ status: 'pending' })
    await order({ status: 'canceled', statusChangedAt: new Date(Date.now() - 3 * DAY) })
    await order({ status: 'canceled', statusChangedAt: new Date(Date.now() - 40 * DAY) })
    const summary = await (await fetch(`${server.url}/api/admin/orders/summary`, { headers: staff })).json()
    expect(summary).toEqual({ monthlyRecurringRevenue: 2124.6, activeSubscriptions: 3, ms365Users: 8, pastDue: 1, canceledLast30Days: 1 })
  })
})

describe('cancel at period end and resume', () => {
  it('asks Stripe and records who did it', async () => {
    const id = await order()
    const response = await fetch(`${server.url}/api/admin/orders/${id}/cancel`, { method: 'POST', headers: staff })
    expect(response.status).toBe(200)
    // stripe-mock answers its fixture subscription (another id), so the order itself changes when
    // Stripe's event arrives; real Stripe answers this subscription and the order changes at once.
    const audit = await AuditEvent.find({ target: `order:${id}` }).lean()
    expect(audit.map((entry) => entry.action)).toEqual(['set the subscription to cancel at the end of its period'])
    expect((await fetch(`${server.url}/api/admin/orders/${id}/resume`, { method: 'POST', headers: staff })).status).toBe(200)
  })

  it('refuses an order without a running subscription, GET, another site and anyone but staff', async () => {
    const pending = await order({ status: 'pending' })
    expect((await fetch(`${server.url}/api/admin/orders/${pending}/cancel`, { method: 'POST', headers: staff })).status).toBe(409)
    const noSubscription = await order({ stripeSubscriptionId: undefined })
    expect((await fetch(`${server.url}/api/admin/orders/${noSubscription}/cancel`, { method: 'POST', headers: staff })).status).toBe(409)
    expect((await fetch(`${server.url}/api/admin/orders/${pending}/cancel`, { headers: staff })).status).toBe(405)
    expect(
      (
        await fetch(`${server.url}/api/admin/orders/${pending}/cancel`, {
          method: 'POST',
          headers: { ...staff, Origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403)
    expect((await fetch(`${server.url}/api/admin/orders/${pending}/cancel`, { method: 'POST' })).status).toBe(401)
  })

  it('answers a readable 503 and changes nothing when Stripe is down', async () => {
    const id = await order()
    const cookie = await signInOverHttp(down.url)
    const response = await fetch(`${down.url}/api/admin/orders/${id}/cancel`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: down.url },
    })
    expect(response.status).toBe(503)
    expect(((await response.json()) as { message: string }).message).toContain('nothing was changed')
    expect(await AuditEvent.countDocuments({ target: `order:${id}` })).toBe(0)
    expect((await Order.findById(id).lean())?.subscription ?? null).toBeNull()
  })
})

describe('the staff orders pages', () => {
  it('filter by tab, search by name or e-mail literally, and export what is shown as CSV, audited', async () => {
    await Order.deleteMany({})
    await order({ name: 'Ada Lovelace', email: 'ada@example.com' })
    await order({ name: '=HYPERLINK("x")', email: 'formula@example.com', status: 'past_due' })
    const page = await (await fetch(`${server.url}/admin/orders?status=past_due`, { headers: staff })).text()
    expect(page).toContain('formula@example.com')
    expect(page).not.toContain('ada@example.com')
    expect(page.replace(/<!-- -->/g, '')).toMatch(/Past due <span[^>]*>\(1\)/)
    const found = await (await fetch(`${server.url}/admin/orders?q=ADA%40example`, { headers: staff })).text()
    expect(found).toContain('ada@example.com')
    expect(found).not.toContain('formula@example.com')
    // A search is text, not a pattern.
    const pattern = await (await fetch(`${server.url}/admin/orders?q=.*`, { headers: staff })).text()
    expect(pattern).toContain('No orders match.')

    const csv = await fetch(`${server.url}/admin/orders/export?status=past_due`, { headers: staff })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = await csv.text()
    expect(text.split('\r\n')[0]).toContain('"Monthly total (USD)"')
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    expect(text).not.toContain('ada@example.com')
    expect(await AuditEvent.countDocuments({ kind: 'csv-export', action: 'downloaded the orders (past_due) as CSV' })).toBe(1)
    expect((await fetch(`${server.url}/admin/orders/export`, { redirect: 'manual' })).status).toBe(302)
  })

  it('asks staff to confirm before marking a running subscription’s order canceled by hand', async () => {
    const id = await order()
    const unconfirmed = await fetch(`${server.url}/admin/orders/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...staff, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'status=canceled',
    })
    expect(unconfirmed.status).toBe(400)
    expect((await Order.findById(id).lean())?.status).toBe('paid')
    const confirmed = await fetch(`${server.url}/admin/orders/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...staff, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'status=canceled&confirm=yes',
    })
    expect(confirmed.status).toBe(303)
    expect((await Order.findById(id).lean())?.status).toBe('canceled')
  })

  it('shows the cancel page saying what it does, and its POST asks Stripe', async () => {
    const id = await order({
      subscription: {
        id: 'sub_p',
        status: 'active',
        currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
        cancelAtPeriodEnd: false,
        itemQuantities: {},
        stripeUpdatedAt: new Date(),
      },
    })
    const detail = await (await fetch(`${server.url}/admin/orders/${id}`, { headers: staff })).text()
    expect(detail).toContain(`/admin/orders/${id}/cancel`)
    expect(detail).toContain('dashboard.stripe.com/test/customers/')
    const confirm = await (await fetch(`${server.url}/admin/orders/${id}/cancel`, { headers: staff })).text()
    expect(confirm).toContain('Stripe will stop billing')
    const done = await fetch(`${server.url}/admin/orders/${id}/cancel`, { method: 'POST', redirect: 'manual', headers: staff })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`/admin/orders/${id}`)
  })
})
