import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRIPE_API_VERSION } from '#app/integrations/stripe-client.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { Lock } from '#app/lib/db/lock-model.server'
import { Order } from '#app/orders/order-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { type DatabaseProxy, startDatabaseProxy } from '#tests/support/database-proxy'
import { setupTestDatabase } from '#tests/support/database'
import { startSmtpReceiver, startWebhookReceiver, waitFor } from '#tests/support/receivers'
import { paidFirstInvoice, sendStripeEvent, stripeEvent } from '#tests/support/stripe-events'

// A first invoice paid queues three messages: the buyer's confirmation, the staff e-mail and the
// Teams card. When the database fails (or the instance dies) after the first is queued, Stripe's
// retry of the event must queue the two missing ones, and not the first again.

const mongodbUri = setupTestDatabase('order_notices_retry')
const WEBHOOK_SECRET = 'whsec_test_notices_retry'
const CONTACT_TO = 'staff@roswell.test'

let proxy: DatabaseProxy
/** Reaches the database through the proxy, which can cut or hold its commands. */
let proxied: AppServer
/** Another instance on the database directly: where Stripe's retry lands when the first one died. */
let direct: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let teams: Awaited<ReturnType<typeof startWebhookReceiver>>
let env: Record<string, string>
/** The instance the last test kills, started by that test. */
let dying: AppServer | undefined

beforeAll(async () => {
  if (!process.env.STRIPE_API_URL) throw new Error('STRIPE_API_URL is unset: run through scripts/with-services.mjs')
  smtp = await startSmtpReceiver()
  teams = await startWebhookReceiver()
  proxy = await startDatabaseProxy(mongodbUri)
  env = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SMTP_URL: smtp.url,
    CONTACT_TO,
    MAIL_FROM: 'Website <no-reply@roswell.test>',
    TEAMS_WEBHOOK_URL: teams.url,
  }
  // allSettled: when one fails to start, the other is still kept so afterAll stops it.
  const started = await Promise.allSettled([startAppServer({ mongodbUri: proxy.uri, env }), startAppServer({ mongodbUri, env })])
  ;[proxied, direct] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [AppServer, AppServer]
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}, 60_000)
afterAll(async () => {
  proxy?.restore()
  await Promise.all([proxied?.stop(), direct?.stop(), dying?.stop()])
  await proxy?.stop()
  await smtp?.stop()
  await teams?.stop()
})

const unique = () => randomBytes(6).toString('hex')

async function pendingOrder() {
  const tag = unique()
  const order = await Order.create({
    name: `Buyer ${tag}`,
    email: `buyer-${tag}@example.com`,
    planId: 1,
    ms365Option: 'none',
    ms365Users: 0,
    includeCloudBackup: false,
    amount: 10,
    status: 'pending',
    stripeCustomerId: `cus_${tag}`,
    stripeSubscriptionId: `sub_${tag}`,
  })
  const id = String(order._id)
  const paid = stripeEvent('invoice.paid', paidFirstInvoice({ orderId: id, subscription: `sub_${tag}`, cents: 1000 }), {
    apiVersion: STRIPE_API_VERSION,
  })
  return { id, email: `buyer-${tag}@example.com`, paid }
}

/** The staff e-mail and Teams card share this outbox subject; the buyer's confirmation is queued before them. */
const staffSubject = (orderId: string) => `order-new:${orderId}`

const buyerMails = (email: string) => smtp.received.filter((mail) => mail.to.includes(email))
const staffMails = (orderId: string) => smtp.received.filter((mail) => mail.to.includes(CONTACT_TO) && mail.text.includes(orderId))
const cards = (orderId: string) => teams.received.filter((card) => JSON.stringify(card.body).includes(orderId))

// An instance whose connections were all cut answers again within a few heartbeats (2 s each).
const RECONNECT_MS = 15_000

/** Stripe's retries: the event again until the server answers 2xx; a timeout names the last answer. */
async function retryUntilAccepted(server: AppServer, event: object) {
  let last = 'no answer'
  try {
    return await waitFor(async () => {
      const answer = await sendStripeEvent(server.url, WEBHOOK_SECRET, event).catch((error: Error) => error)
      if (answer instanceof Error) last = answer.message
      else if (!answer.ok) last = `${answer.status} ${await answer.text()}`
      return answer instanceof Error || !answer.ok ? false : answer
    }, RECONNECT_MS)
  } catch (error) {
    throw new Error(`Stripe's retry was not accepted; the last answer: ${last.slice(0, 300)}`, { cause: error })
  }
}

// A message not sent at once goes with the outbox's next run, every 30 s on some instance.
const OUTBOX_PERIOD_MS = 30_000
// Each test waits for its failure, then for a retry and a delivery, each bounded above.
const TEST_TIMEOUT_MS = 150_000

/** One message of each kind in the outbox, whatever the retries did; the order paid and marked notified. */
async function expectQueuedOnce(orderId: string) {
  expect(await OutboxMessage.countDocuments({ subject: `order-paid:${orderId}` })).toBe(1)
  expect(await OutboxMessage.countDocuments({ subject: staffSubject(orderId) })).toBe(2)
  const stored = await Order.findById(orderId).lean()
  expect(stored?.status).toBe('paid')
  expect(stored?.notifiedPaidAt).toBeInstanceOf(Date)
}

/** Each message delivered, once, and nothing more a while later. */
async function expectDeliveredOnce(order: { id: string; email: string }) {
  await waitFor(
    () => buyerMails(order.email).length > 0 && staffMails(order.id).length > 0 && cards(order.id).length > 0,
    OUTBOX_PERIOD_MS + 10_000,
  )
  await new Promise((resolve) => setTimeout(resolve, 1500))
  expect(buyerMails(order.email)).toHaveLength(1)
  expect(staffMails(order.id)).toHaveLength(1)
  expect(cards(order.id)).toHaveLength(1)
}

/** What Stripe's next retry, minutes later, would find: the lease of the lock the failed attempt held has run out. */
async function leaseRunsOut(orderId: string) {
  await Lock.updateOne({ _id: `order:${orderId}` }, { $set: { expiresAt: new Date(0) } })
}

describe('the notices of a paid order, when queueing fails half-way', () => {
  it(
    'a connection cut while the second message is written: the retry queues the missing two, not the first again',
    async () => {
      const order = await pendingOrder()
      proxy.sever([staffSubject(order.id)])
      const failed = await sendStripeEvent(proxied.url, WEBHOOK_SECRET, order.paid)
      expect(failed.status).toBeGreaterThanOrEqual(500)
      expect(await OutboxMessage.countDocuments({ subject: `order-paid:${order.id}` })).toBe(1)
      expect(await OutboxMessage.countDocuments({ subject: staffSubject(order.id) })).toBe(0)
      expect((await Order.findById(order.id).lean())?.status).toBe('pending')

      proxy.restore()
      const retried = await retryUntilAccepted(proxied, order.paid)
      expect(await retried.json()).toMatchObject({ applied: true })
      await expectQueuedOnce(order.id)
      await expectDeliveredOnce(order)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'the database gone as the second message is written: once it is back, the retry queues the missing two',
    async () => {
      const order = await pendingOrder()
      proxy.dropAllOn(staffSubject(order.id))
      const failed = await sendStripeEvent(proxied.url, WEBHOOK_SECRET, order.paid)
      expect(failed.status).toBeGreaterThanOrEqual(500)
      expect(await OutboxMessage.countDocuments({ subject: `order-paid:${order.id}` })).toBe(1)

      proxy.restore()
      await leaseRunsOut(order.id)
      // The instance that lost the database reconnects by itself and takes Stripe's retry.
      await retryUntilAccepted(proxied, order.paid)
      await expectQueuedOnce(order.id)
      await waitFor(() => staffMails(order.id).length > 0 && cards(order.id).length > 0, OUTBOX_PERIOD_MS + 10_000)
      // The confirmation's first attempt may have been cut with the rest; the outbox retries it
      // after its claim lapses (minutes), so here it has gone at most once.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(buyerMails(order.email).length).toBeLessThanOrEqual(1)
      expect(staffMails(order.id)).toHaveLength(1)
      expect(cards(order.id)).toHaveLength(1)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'the instance dies while the second message is written: the retry at another instance queues the missing two',
    async () => {
      // An instance of its own behind the proxy, since the test kills it.
      dying = await startAppServer({ mongodbUri: proxy.uri, env })
      const order = await pendingOrder()
      const held = proxy.stall(staffSubject(order.id))
      const answer = sendStripeEvent(dying.url, WEBHOOK_SECRET, order.paid).catch((error: unknown) => error)
      await held
      // The buyer's confirmation was queued (and any first attempt at it settled) before the instance died.
      await waitFor(() => OutboxMessage.exists({ subject: `order-paid:${order.id}` }))
      await new Promise((resolve) => setTimeout(resolve, 500))
      await waitFor(async () => !(await OutboxMessage.exists({ subject: `order-paid:${order.id}`, status: 'sending' })))
      process.kill(dying.pid, 'SIGKILL')
      await dying.exited
      expect(await answer).toBeInstanceOf(Error)
      proxy.restore()

      await leaseRunsOut(order.id)
      await retryUntilAccepted(direct, order.paid)
      await expectQueuedOnce(order.id)
      await expectDeliveredOnce(order)
    },
    TEST_TIMEOUT_MS,
  )
})
