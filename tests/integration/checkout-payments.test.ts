import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { applyStripeEvent } from '#app/orders/webhook.server'
import { STRIPE_API_VERSION } from '#app/integrations/stripe-client.server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { Order } from '#app/orders/order-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { postRaw } from '#tests/support/raw-post'
import { signInOverHttp } from '#tests/support/staff-session'
import { untilBurstFitsInWindow } from '#tests/support/rate-limit-window'

// The payment APIs and the no-JavaScript checkout against the built server, the real database
// and stripe-mock (Stripe's official mock of its API, started by scripts/with-services.mjs).
const mongodbUri = setupTestDatabase('checkout')
const WEBHOOK_SECRET = 'whsec_test_checkout_secret'
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }
// Only for signing test events; never sends a request.
const signer = new Stripe('sk_test_123')

let server: AppServer

beforeAll(async () => {
  if (!process.env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is unset: run through scripts/with-services.mjs')
  await seedCatalogue()
  server = await startAppServer({ mongodbUri, env: { ...stripeEnv, TRUST_PROXY: '1' } })
})
afterAll(async () => {
  await server?.stop()
})

// Professional is $599/month in the seed; E3 is $36 per user, backup $4.95 per user.
const validRequest = {
  planId: '2',
  name: 'Dana Reyes',
  email: 'Dana.Reyes@example.com',
  phone: '770-555-0100',
  ms365Option: 'e3',
  ms365Users: 3,
  includeCloudBackup: true,
  amount: 599 + 3 * 36 + 3 * 4.95,
  paymentMethod: 'credit_card',
}

let buyerCounter = 0
/** Each payment from its own address, so the per-address payment limit never mixes tests. */
function postPayment(body: unknown, init: RequestInit = {}) {
  buyerCounter += 1
  return fetch(`${server.url}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${buyerCounter % 250}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
}

function sendEvent(event: object, signature?: string) {
  const payload = JSON.stringify(event)
  return fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  })
}

let eventCounter = 0
type StartedOrder = { id: string; subscription: string; token: string }
/** The order's total in cents, as Stripe charges it. */
const ORDER_CENTS = Math.round(validRequest.amount * 100)

function invoiceEvent(type: string, order: Pick<StartedOrder, 'id' | 'subscription'>, invoice: Record<string, unknown> = {}) {
  eventCounter += 1
  return {
    id: `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    type,
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_test_${eventCounter}`,
        object: 'invoice',
        amount_paid: ORDER_CENTS,
        currency: 'usd',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: order.subscription, metadata: { orderId: order.id } },
        },
        ...invoice,
      },
    },
  }
}

async function startPaidOrder(): Promise<StartedOrder> {
  const response = await postPayment(validRequest)
  expect(response.status).toBe(200)
  const body = (await response.json()) as { clientSecret: string; orderId: string; orderToken: string }
  const order = await Order.findById(body.orderId).lean()
  return { id: body.orderId, subscription: order!.stripeSubscriptionId!, token: body.orderToken }
}

describe('starting a card payment', () => {
  it('stores a pending order priced by the server and answers the secret Stripe.js confirms', async () => {
    const response = await postPayment(validRequest)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { clientSecret: unknown; orderId: string }
    // stripe-mock answers an empty confirmation secret; real Stripe fills it in.
    expect(typeof body.clientSecret).toBe('string')
    const order = await Order.findById(body.orderId).lean()
    expect(order).toMatchObject({
      name: 'Dana Reyes',
      email: 'dana.reyes@example.com',
      planId: 2,
      ms365Option: 'e3',
      ms365Users: 3,
      includeCloudBackup: true,
      status: 'pending',
      amount: 721.85,
      paymentMethod: 'credit_card',
    })
    expect(order?.stripeCustomerId).toMatch(/^cus_/)
    expect(order?.stripeSubscriptionId).toMatch(/^sub_/)
    expect(order?.paymentId).toMatch(/^in_/)
  })

  it('refuses a tampered amount with 409 and the real total, creating nothing', async () => {
    const before = await Order.countDocuments()
    const response = await postPayment({ ...validRequest, amount: 1 })
    expect(response.status).toBe(409)
    const body = (await response.json()) as { message: string; amount: number }
    expect(body.message).toContain('$721.85')
    expect(body.amount).toBe(721.85)
    expect(await Order.countDocuments()).toBe(before)
  })

  it.each([
    ['an unknown plan', { planId: '999' }, 'Unknown plan'],
    ['a plan id that is not a number', { planId: 'two' }, 'Unknown plan'],
    ['an unknown Microsoft 365 option', { ms365Option: 'e5' }, 'Unknown Microsoft 365 option'],
    ['0 users with an option', { ms365Users: 0 }, 'Users must be a whole number from 1 to 1000'],
    ['-1 users', { ms365Users: -1 }, ''],
    ['1,000,000 users', { ms365Users: 1_000_000 }, ''],
    ['a fractional user count', { ms365Users: 2.5 }, 'whole number'],
    ['a missing name', { name: undefined }, 'Name on card is required'],
    ['a missing e-mail', { email: undefined }, 'valid email'],
    ['a bad e-mail', { email: 'not-an-address' }, 'valid email'],
    ['a missing amount', { amount: undefined }, 'Amount is required'],
    ['another payment method', { paymentMethod: 'bank_transfer' }, 'credit card'],
  ])('refuses %s with 400 and a message, creating nothing', async (_case, change, message) => {
    const before = await Order.countDocuments()
    const response = await postPayment({ ...validRequest, ...change })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { message: string }
    expect(body.message).toContain(message)
    expect(await Order.countDocuments()).toBe(before)
  })

  it('refuses another content type with 415 and broken JSON with 400, creating nothing', async () => {
    const before = await Order.countDocuments()
    const asForm = await postPayment('planId=2&name=x', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(asForm.status).toBe(415)
    expect(((await asForm.json()) as { message: string }).message).toBe('Send the request body as JSON (Content-Type: application/json).')
    // Valid JSON is still refused when it is not declared as JSON.
    expect((await postPayment(validRequest, { headers: { 'Content-Type': 'text/plain' } })).status).toBe(415)
    const broken = await postPayment('{"planId": "2",')
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { message: string }).message).toBe('The request body is not valid JSON.')
    expect(await Order.countDocuments()).toBe(before)
  })

  it('refuses a body over 8 KB with 413, declared or chunked, creating nothing', async () => {
    const before = await Order.countDocuments()
    const huge = JSON.stringify({ ...validRequest, name: 'x'.repeat(9 * 1024) })
    const json = { 'Content-Type': 'application/json' }
    expect(await postRaw(`${server.url}/api/create-payment-intent`, huge, { ...json, 'Content-Length': String(huge.length) })).toBe(413)
    expect(await postRaw(`${server.url}/api/create-payment-intent`, huge, { ...json, 'Transfer-Encoding': 'chunked' })).toBe(413)
    const answer = await postPayment(huge)
    expect(answer.status).toBe(413)
    expect(((await answer.json()) as { message: string }).message).toBe('The request body is too large (at most 8 KB).')
    // Fields at their longest still fit: this one is read and judged on its payment method.
    const longest = {
      ...validRequest,
      name: 'Ñ'.repeat(200),
      email: `${'e'.repeat(300)}@example.com`,
      phone: '7'.repeat(40),
      paymentMethod: 'bank_transfer',
    }
    const judged = await postPayment(longest)
    expect(judged.status).toBe(400)
    expect(((await judged.json()) as { message: string }).message).toBe('Only credit card payments are accepted')
    expect(await Order.countDocuments()).toBe(before)
  })

  it('shows a buyer only the status of an order, with the order’s token; 404 for an unknown order or a wrong token', async () => {
    const { id, token } = await startPaidOrder()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const withToken = (orderId: string, bearer: string) =>
      fetch(`${server.url}/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${bearer}` } })
    const response = await withToken(id, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ id, status: 'pending', amount: 721.85, planId: 2 })
    expect(Object.keys(body).sort()).toEqual(['amount', 'createdAt', 'id', 'planId', 'status'])
    // Only the token's hash is stored.
    expect(JSON.stringify(await Order.findById(id).lean())).not.toContain(token)

    // Order ids are guessable; without the token an order's status is not anyone's to read.
    const anonymous = await fetch(`${server.url}/api/orders/${id}`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer')
    const other = await startPaidOrder()
    expect((await withToken(id, other.token)).status).toBe(404)
    expect((await withToken('000000000000000000000000', token)).status).toBe(404)
    expect((await withToken('not-an-id', token)).status).toBe(404)

    const staff = await fetch(`${server.url}/api/orders/${id}`, { headers: { Cookie: await signInOverHttp(server.url) } })
    expect(staff.status).toBe(200)
  })

  it('limits order lookups per address', { timeout: 60_000 }, async () => {
    const { id, token } = await startPaidOrder()
    const headers = { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '192.0.2.77' }
    const statuses: number[] = []
    await untilBurstFitsInWindow(10 * 60_000, 30_000) // the order-lookup limit's window (routes/api/orders.$id.ts)
    for (let i = 0; i < 61; i++) statuses.push((await fetch(`${server.url}/api/orders/${id}`, { headers })).status)
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true)
    expect(statuses[60]).toBe(429)
  })

  it('lets nobody but staff change an order status', async () => {
    const { id } = await startPaidOrder()
    const response = await fetch(`${server.url}/api/orders/${id}/update-status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'paid', paymentId: 'pi_forged' }),
    })
    expect(response.status).toBe(401)
    expect((await Order.findById(id).lean())?.status).toBe('pending')
  })

  it('takes a staff status change only as JSON of at most 2 KB (415, 413, 400), then applies it', async () => {
    const order = await Order.create({ name: 'Dana Reyes', email: 'dana@example.com', planId: 1, amount: 299 })
    const url = `${server.url}/api/orders/${String(order._id)}/update-status`
    const huge = JSON.stringify({ status: 'paid', paymentId: 'p'.repeat(3 * 1024) })
    const json = { 'Content-Type': 'application/json' }
    // The body guard answers before the route, whoever sends it; without a session the route refuses.
    expect(await postRaw(url, huge, { ...json, 'Content-Length': String(huge.length) })).toBe(413)
    expect((await fetch(url, { method: 'POST', headers: json, body: '{"status":"paid"}' })).status).toBe(401)

    const staff = { Cookie: await signInOverHttp(server.url) }
    const post = (body: string, headers: Record<string, string>) => fetch(url, { method: 'POST', headers: { ...staff, ...headers }, body })
    const asForm = await post('status=paid', { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(asForm.status).toBe(415)
    expect(((await asForm.json()) as { message: string }).message).toBe('Send the request body as JSON (Content-Type: application/json).')
    expect((await post('{"status": "paid"}', { 'Content-Type': 'text/plain' })).status).toBe(415)
    expect(await postRaw(url, huge, { ...staff, ...json, 'Content-Length': String(huge.length) })).toBe(413)
    expect(await postRaw(url, huge, { ...staff, ...json, 'Transfer-Encoding': 'chunked' })).toBe(413)
    const tooLarge = await post(huge, json)
    expect(tooLarge.status).toBe(413)
    expect(((await tooLarge.json()) as { message: string }).message).toBe('The request body is too large (at most 2 KB).')
    const broken = await post('{"status": ', json)
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { message: string }).message).toBe('The request body is not valid JSON.')
    expect((await Order.findById(order._id).lean())?.status).toBe('pending')

    const applied = await post(JSON.stringify({ status: 'paid', paymentId: `pi_${'9'.repeat(197)}` }), json)
    expect(applied.status).toBe(200)
    expect((await Order.findById(order._id).lean())?.status).toBe('paid')
  })
})

describe('the Stripe webhook', () => {
  it('marks the order paid when the first invoice is paid, and a replayed event changes nothing', async () => {
    const order = await startPaidOrder()
    const paid = invoiceEvent('invoice.paid', order)
    const first = await sendEvent(paid)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ received: true, applied: true })
    const afterFirst = await Order.findById(order.id).lean()
    expect(afterFirst?.status).toBe('paid')
    expect(afterFirst?.appliedEventIds).toEqual([paid.id])

    const replay = await sendEvent(paid)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toMatchObject({ applied: false, reason: 'event already applied' })
    const afterReplay = await Order.findById(order.id).lean()
    expect(afterReplay?.status).toBe('paid')
    expect(afterReplay?.appliedEventIds).toEqual([paid.id])
    expect(afterReplay?.updatedAt.getTime()).toBe(afterFirst?.updatedAt.getTime())
  })

  it('marks the order failed when the card is refused, and canceled when the subscription ends', async () => {
    const order = await startPaidOrder()
    await sendEvent(invoiceEvent('invoice.payment_failed', order))
    expect((await Order.findById(order.id).lean())?.status).toBe('failed')
    eventCounter += 1
    await sendEvent({
      id: `evt_test_deleted_${eventCounter}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: order.subscription, object: 'subscription', metadata: { orderId: order.id } } },
    })
    expect((await Order.findById(order.id).lean())?.status).toBe('canceled')
  })

  it('never moves a paid order back to failed', async () => {
    const order = await startPaidOrder()
    await sendEvent(invoiceEvent('invoice.paid', order))
    const late = await sendEvent(invoiceEvent('invoice.payment_failed', order))
    expect(late.status).toBe(200)
    expect((await Order.findById(order.id).lean())?.status).toBe('paid')
  })

  it('completes a hosted Checkout order with the buyer Stripe collected', async () => {
    const redirect = await fetch(`${server.url}/checkout/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ microsoft365: 'none' }),
      redirect: 'manual',
    })
    expect(redirect.status).toBe(303)
    const order = await Order.findOne({ planId: 1, stripeCheckoutSessionId: { $exists: true } })
      .sort({ createdAt: -1 })
      .lean()
    expect(order?.name).toBeUndefined()
    const completed = {
      id: `evt_test_session_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: order!.stripeCheckoutSessionId,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: String(order!._id),
          metadata: { orderId: String(order!._id) },
          payment_status: 'paid',
          amount_total: Math.round(order!.amount * 100),
          currency: 'usd',
          subscription: 'sub_hosted_123',
          customer: 'cus_hosted_123',
          customer_details: { name: 'Lee Park', email: 'Lee@Example.com', phone: null },
        },
      },
    }
    expect((await sendEvent(completed)).status).toBe(200)
    expect(await Order.findById(order!._id).lean()).toMatchObject({
      status: 'paid',
      name: 'Lee Park',
      email: 'lee@example.com',
      stripeSubscriptionId: 'sub_hosted_123',
      stripeCustomerId: 'cus_hosted_123',
    })
  })

  it('finds an order only by the Stripe ids it stored; metadata naming another order is refused', async () => {
    const order = await startPaidOrder()
    const other = await startPaidOrder()
    // Another order's subscription, with this order's id in the metadata: the ids decide, and disagree.
    const crossed = await sendEvent(invoiceEvent('invoice.paid', { id: order.id, subscription: other.subscription }))
    expect(crossed.status).toBe(200)
    expect(await crossed.json()).toMatchObject({ applied: false, reason: 'the event names another order than its Stripe ids' })
    // Metadata alone finds nothing.
    const unknown = await sendEvent(invoiceEvent('invoice.paid', { id: order.id, subscription: 'sub_never_stored' }))
    expect(await unknown.json()).toMatchObject({ applied: false, orderId: null })
    expect((await Order.findById(order.id).lean())?.status).toBe('pending')
    expect((await Order.findById(other.id).lean())?.status).toBe('pending')
  })

  it.each([
    ['a smaller amount', { amount_paid: 100 }],
    ['another currency', { currency: 'eur' }],
  ])('does not count an invoice paid with %s as the order’s payment', async (_case, invoice) => {
    const order = await startPaidOrder()
    const response = await sendEvent(invoiceEvent('invoice.paid', order, invoice))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ applied: false, reason: 'amount or currency differs from the order' })
    expect((await Order.findById(order.id).lean())?.status).toBe('pending')
  })

  it('does not settle a hosted order from a Checkout Session that is not in subscription mode', async () => {
    await fetch(`${server.url}/checkout/1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '192.0.2.10' },
      body: new URLSearchParams({ microsoft365: 'none' }),
      redirect: 'manual',
    })
    const order = (await Order.findOne({ stripeCheckoutSessionId: { $exists: true } })
      .sort({ createdAt: -1 })
      .lean())!
    const response = await sendEvent({
      id: `evt_test_payment_mode_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: order.stripeCheckoutSessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: Math.round(order.amount * 100),
          currency: 'usd',
        },
      },
    })
    expect(await response.json()).toMatchObject({ applied: false, reason: 'checkout session in payment mode, not subscription' })
    expect((await Order.findById(order._id).lean())?.status).toBe('pending')
  })

  it('re-applies an event that lost a race with another update of its order, instead of dropping it', async () => {
    const orders = await Promise.all(
      Array.from({ length: 8 }, () =>
        Order.create({
          name: 'Race',
          email: 'race@example.com',
          planId: 2,
          amount: validRequest.amount,
          stripeSubscriptionId: `sub_race_${randomUUID()}`,
        }),
      ),
    )
    // A failed first attempt and the successful retry arrive at the same moment, for each order.
    const deliveries = orders.flatMap((order) => {
      const ref = { id: String(order._id), subscription: order.stripeSubscriptionId! }
      return [invoiceEvent('invoice.payment_failed', ref), invoiceEvent('invoice.paid', ref)]
    })
    const outcomes = await Promise.all(deliveries.map((event) => applyStripeEvent(event as unknown as Stripe.Event)))
    expect(outcomes.every((outcome) => outcome.applied)).toBe(true)
    for (const order of orders) {
      const stored = (await Order.findById(order._id).lean())!
      const events = deliveries.filter((event) => event.data.object.parent.subscription_details.subscription === order.stripeSubscriptionId)
      expect(stored.appliedEventIds.sort()).toEqual(events.map((event) => event.id).sort())
      // Whichever came first, the retry's success is what the order ends with (failed may become paid).
      expect(stored.status).toBe('paid')
    }
  })

  it('accepts and ignores events it has no use for', async () => {
    const response = await sendEvent({
      id: 'evt_test_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ received: true, applied: false })
  })

  it('refuses an event with a bad signature and changes nothing', async () => {
    const order = await startPaidOrder()
    const event = invoiceEvent('invoice.paid', order)
    const forged = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_someone_else' })
    const response = await sendEvent(event, forged)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toBe('Invalid webhook signature.')
    const missing = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', body: JSON.stringify(event) })
    expect(missing.status).toBe(400)
    expect((await Order.findById(order.id).lean())?.status).toBe('pending')
  })
})

describe('checking out without JavaScript', () => {
  it('renders the summary on the server from the address, noindex', async () => {
    const response = await fetch(`${server.url}/checkout/2?microsoft365=business_standard&ms365_users=4&cloud_backup=true`)
    expect(response.status).toBe(200)
    const html = (await response.text()).replaceAll('<!-- -->', '')
    expect(html).toContain('Almost There!')
    expect(html).toContain('4 users × $12.50/month')
    expect(html).toContain('data-testid="total">$668.80/month')
    expect(html).toMatch(/<meta name="robots" content="noindex/)
    expect(response.headers.get('content-security-policy')).toContain('https://js.stripe.com')
  })

  it('says when the user count is out of range', async () => {
    const html = await (await fetch(`${server.url}/checkout?plan=2&microsoft365=e3&ms365_users=1001`)).text()
    expect(html).toContain('Users must be a whole number from 1 to 1000')
    expect(html).not.toContain('data-testid="total"')
  })

  it('creates a pending order and a Checkout Session, then sends the buyer to Stripe with a 303', async () => {
    const before = await Order.countDocuments()
    const response = await fetch(`${server.url}/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ plan: '3', microsoft365: 'business_premium', ms365_users: '5', cloud_backup: 'false' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    expect(await Order.countDocuments()).toBe(before + 1)
    const order = await Order.findOne().sort({ createdAt: -1 }).lean()
    expect(order).toMatchObject({ planId: 3, ms365Option: 'business_premium', ms365Users: 5, includeCloudBackup: false, status: 'pending' })
    expect(order?.stripeCheckoutSessionId).toMatch(/^cs_/)
    expect(order?.amount).toBe(1199 + 5 * 22)
  })

  it('refuses to proceed without a plan', async () => {
    const response = await fetch(`${server.url}/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ microsoft365: 'none' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect((await response.text()).replaceAll('<!-- -->', '')).toContain(
      'No plan selected. Please select a plan from the options on the left.',
    )
  })

  it('shows the outcome when Stripe sends the buyer back', async () => {
    const response = await fetch(`${server.url}/checkout?plan=2&checkout_result=canceled`, { redirect: 'manual' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/checkout?plan=2')
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!
    const page = await (await fetch(`${server.url}/checkout?plan=2`, { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Payment failed')
  })
})

describe('a site without Stripe keys', () => {
  it('still prices the checkout, and the payment API says card payments are not configured', async () => {
    const bare = await startAppServer({ mongodbUri })
    try {
      const page = await fetch(`${bare.url}/checkout?plan=1&microsoft365=business_standard`)
      expect(page.status).toBe(200)
      expect((await page.text()).replaceAll('<!-- -->', '')).toContain('data-testid="total">$424.00/month')
      const response = await fetch(`${bare.url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...validRequest, planId: '1', ms365Option: 'none', ms365Users: 0, includeCloudBackup: false, amount: 299 }),
      })
      expect(response.status).toBe(503)
      expect(((await response.json()) as { message: string }).message).toContain('Card payments are not configured')
      const hosted = await fetch(`${bare.url}/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ plan: '1' }),
        redirect: 'manual',
      })
      expect(hosted.status).toBe(503)
      expect(await hosted.text()).toContain('Card payments are not configured')
    } finally {
      await bare.stop()
    }
  })
})
