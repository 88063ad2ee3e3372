import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRIPE_API_VERSION } from '#app/integrations/stripe-client.server'
import { Order } from '#app/orders/order-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { startSmtpReceiver, startWebhookReceiver, waitFor } from '#tests/support/receivers'
import { paidFirstInvoice, sendStripeEvent, stripeEvent } from '#tests/support/stripe-events'

// A subscription month after month, through signed events sent to two instances behind one
// balancer: what the order keeps of Stripe's state, and who is told, once.

const mongodbUri = setupTestDatabase('subscriptions')
const WEBHOOK_SECRET = 'whsec_test_subscriptions_secret'
const CONTACT_TO = 'staff@roswell.test'

let a: AppServer
let b: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let teams: Awaited<ReturnType<typeof startWebhookReceiver>>

beforeAll(async () => {
  if (!process.env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is unset: run through scripts/with-services.mjs')
  smtp = await startSmtpReceiver()
  teams = await startWebhookReceiver()
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SMTP_URL: smtp.url,
    CONTACT_TO,
    MAIL_FROM: 'Website <no-reply@roswell.test>',
    TEAMS_WEBHOOK_URL: teams.url,
    SESSION_SECRET: 'one session secret shared by every instance',
  }
  const started = await Promise.allSettled([startAppServer({ mongodbUri, env }), startAppServer({ mongodbUri, env })])
  ;[a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [AppServer, AppServer]
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await smtp?.stop()
  await teams?.stop()
})

const send = (server: AppServer, event: object) => sendStripeEvent(server.url, WEBHOOK_SECRET, event)

const unique = () => randomBytes(6).toString('hex')
const NOW = Math.floor(Date.now() / 1000)
const DAY = 24 * 60 * 60

// Professional ($599) with E3 ($36) and backup ($4.95) for 3 users: $721.85.
type TestOrder = { id: string; subscription: string; email: string; customer: string }
async function pendingOrder(): Promise<TestOrder> {
  const tag = unique()
  const order = await Order.create({
    name: `Buyer ${tag}`,
    email: `buyer-${tag}@example.com`,
    phone: '770-555-0100',
    planId: 2,
    ms365Option: 'e3',
    ms365Users: 3,
    includeCloudBackup: true,
    amount: 721.85,
    status: 'pending',
    stripeCustomerId: `cus_${tag}`,
    stripeSubscriptionId: `sub_${tag}`,
    paymentId: `in_first_${tag}`,
  })
  return { id: String(order._id), subscription: `sub_${tag}`, email: `buyer-${tag}@example.com`, customer: `cus_${tag}` }
}

function event(type: string, object: Record<string, unknown>, created = NOW) {
  return stripeEvent(type, object, { created, apiVersion: STRIPE_API_VERSION })
}

function invoice(order: TestOrder, fields: Record<string, unknown> = {}) {
  return paidFirstInvoice({ orderId: order.id, subscription: order.subscription, cents: 72185 }, fields)
}

function subscription(order: TestOrder, fields: Record<string, unknown> = {}, users = 3) {
  const item = (lookupKey: string, unit: number, quantity: number) => ({
    id: `si_${unique()}`,
    object: 'subscription_item',
    quantity,
    current_period_end: NOW + 30 * DAY,
    price: { id: `price_${lookupKey}`, object: 'price', lookup_key: lookupKey, unit_amount: unit },
  })
  return {
    id: order.subscription,
    object: 'subscription',
    status: 'active',
    customer: order.customer,
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { orderId: order.id },
    items: {
      object: 'list',
      data: [
        item('plan_2_59900_usd_month', 59900, 1),
        item('ms365_e3_3600_usd_month', 3600, users),
        item('cloud_backup_495_usd_month', 495, users),
      ],
    },
    ...fields,
  }
}

/** The message's parts with quoted-printable undone (nodemailer folds long lines with it). */
function decoded(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
const pastDueNotices = (orderId: string) => mailsAbout(orderId).filter((mail) => /past\s+due/i.test(mail.headers))

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address))
const mailsAbout = (orderId: string) => smtp.received.filter((mail) => mail.to.includes(CONTACT_TO) && decoded(mail.raw).includes(orderId))
const cardsAbout = (orderId: string) => teams.received.filter((card) => JSON.stringify(card.body).includes(orderId))

describe('a paid order', () => {
  it('tells the buyer and staff once, though Stripe sends the event twice to each of two instances', async () => {
    const order = await pendingOrder()
    const paid = event('invoice.paid', invoice(order))
    const answers = await Promise.all([send(a, paid), send(b, paid), send(a, paid), send(b, paid)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])

    const [buyerMail] = await waitFor(() => (mailsTo(order.email).length > 0 ? mailsTo(order.email) : false))
    await waitFor(() => mailsAbout(order.id).length > 0 && cardsAbout(order.id).length > 0)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(mailsTo(order.email)).toHaveLength(1)
    expect(mailsAbout(order.id)).toHaveLength(1)
    expect(cardsAbout(order.id)).toHaveLength(1)

    // HTML and plain text: plan, option and users, backup, total, next billing date, contacts, manage link.
    expect(buyerMail!.raw).toMatch(/Content-Type: text\/html/i)
    expect(buyerMail!.raw).toMatch(/Content-Type: text\/plain/i)
    for (const words of [
      'Professional',
      'E3',
      '3 users',
      'Cloud Backup',
      '$721.85 per month',
      '(888) 555-0142',
      'Manage your subscription',
    ])
      expect(buyerMail!.text).toContain(words)
    expect(decoded(buyerMail!.raw)).toMatch(/\/manage-subscription\/[0-9a-f]{24}\?expires=\d+&signature=/)
    expect(mailsAbout(order.id)[0]!.text).toContain(`/admin/orders/${order.id}`)
    expect(JSON.stringify(cardsAbout(order.id)[0]!.body)).toContain(`/admin/orders/${order.id}`)

    const stored = await Order.findById(order.id).lean()
    expect(stored?.status).toBe('paid')
    expect(stored?.notifiedPaidAt).toBeInstanceOf(Date)
    expect(stored?.invoices).toHaveLength(1)
    expect(stored?.invoices[0]).toMatchObject({ amount: 721.85, status: 'paid', url: 'https://invoice.stripe.test/i/1' })
  })

  it('a first payment of another amount is recorded but neither pays the order nor tells anyone', async () => {
    const order = await pendingOrder()
    const answer = await send(a, event('invoice.paid', invoice(order, { amount_paid: 100 })))
    expect(await answer.json()).toMatchObject({ applied: false, reason: 'amount or currency differs from the order' })
    expect((await Order.findById(order.id).lean())?.status).toBe('pending')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(mailsTo(order.email)).toHaveLength(0)
  })
})

async function paidOrder() {
  const order = await pendingOrder()
  await send(a, event('invoice.paid', invoice(order), NOW - 40 * DAY))
  await waitFor(() => mailsTo(order.email).length > 0)
  return order
}

describe('month after month', () => {
  it('a renewal that fails makes the order past due and tells staff once; paying it makes the order paid again', async () => {
    const order = await paidOrder()
    const renewal = invoice(order, {
      status: 'open',
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
      status_transitions: { paid_at: null },
    })
    const failed = event('invoice.payment_failed', renewal, NOW - DAY)
    await Promise.all([send(a, failed), send(b, failed)])
    // Stripe's own retry of the same invoice fails again: staff were told already.
    await send(b, event('invoice.payment_failed', renewal, NOW - DAY + 60))
    expect((await Order.findById(order.id).lean())?.status).toBe('past_due')
    await waitFor(() => pastDueNotices(order.id).length > 0)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(pastDueNotices(order.id)).toHaveLength(1)

    await send(a, event('invoice.paid', { ...renewal, status: 'paid', amount_paid: 72185, status_transitions: { paid_at: NOW } }))
    const stored = await Order.findById(order.id).lean()
    expect(stored?.status).toBe('paid')
    expect(stored?.invoices.map((entry) => entry.status)).toEqual(['paid', 'paid'])
    // The buyer is not sent a second confirmation.
    expect(mailsTo(order.email)).toHaveLength(1)
  })

  it('a failure older than the payment that followed it changes nothing', async () => {
    const order = await paidOrder()
    const renewal = invoice(order, { billing_reason: 'subscription_cycle' })
    await send(a, event('invoice.paid', renewal, NOW))
    await send(b, event('invoice.payment_failed', { ...renewal, status: 'open', amount_paid: 0 }, NOW - 3600))
    const stored = await Order.findById(order.id).lean()
    expect(stored?.status).toBe('paid')
    expect(stored?.invoices.find((entry) => entry.id === renewal.id)?.status).toBe('paid')
  })

  it('a change of seats made in the portal reaches the order’s users and monthly total', async () => {
    const order = await paidOrder()
    await send(a, event('customer.subscription.updated', subscription(order, {}, 5)))
    const stored = await Order.findById(order.id).lean()
    // $599 + 5 × $36 + 5 × $4.95
    expect(stored).toMatchObject({ ms365Users: 5, amount: 803.75, status: 'paid' })
    expect(stored?.subscription).toMatchObject({ id: order.subscription, status: 'active', itemQuantities: { ms365: 5, backup: 5 } })
  })

  it('an older subscription state arriving late never overrides a newer one', async () => {
    const order = await paidOrder()
    await send(b, event('customer.subscription.updated', subscription(order, { cancel_at_period_end: true }, 4), NOW))
    await send(a, event('customer.subscription.updated', subscription(order, {}, 7), NOW - 600))
    const stored = await Order.findById(order.id).lean()
    expect(stored?.ms365Users).toBe(4)
    expect(stored?.subscription?.cancelAtPeriodEnd).toBe(true)
  })

  it('a cancellation at the period’s end shows on the order, and the end of the subscription cancels it', async () => {
    const order = await paidOrder()
    await send(a, event('customer.subscription.updated', subscription(order, { cancel_at_period_end: true }), NOW - 60))
    let stored = await Order.findById(order.id).lean()
    expect(stored?.status).toBe('paid')
    expect(stored?.subscription).toMatchObject({ cancelAtPeriodEnd: true })
    expect(stored?.subscription?.currentPeriodEnd?.getTime()).toBe((NOW + 30 * DAY) * 1000)

    await send(b, event('customer.subscription.deleted', subscription(order, { status: 'canceled' })))
    stored = await Order.findById(order.id).lean()
    expect(stored?.status).toBe('canceled')
    expect(stored?.subscription?.status).toBe('canceled')
  })

  it('Stripe marking the subscription past due makes the order past due; active again makes it paid', async () => {
    const order = await paidOrder()
    await send(a, event('customer.subscription.updated', subscription(order, { status: 'past_due' }), NOW - 60))
    expect((await Order.findById(order.id).lean())?.status).toBe('past_due')
    await send(a, event('customer.subscription.updated', subscription(order, { status: 'active' }), NOW))
    expect((await Order.findById(order.id).lean())?.status).toBe('paid')
  })

  it('a subscription event never makes a pending order paid: only a paid invoice of the right amount does', async () => {
    const order = await pendingOrder()
    await send(a, event('customer.subscription.updated', subscription(order)))
    const stored = await Order.findById(order.id).lean()
    expect(stored?.status).toBe('pending')
    expect(stored?.subscription?.status).toBe('active')
  })
})
