import { isValidObjectId } from 'mongoose'
import type Stripe from 'stripe'
import { ORDER_FILTERS, type OrderFilter } from '#app/domain/order-status'
import { recordAudit } from '#app/staff/audit.server'
import type { ChangedBy } from '#app/staff/staff-accounts.server'
import { Order } from '#app/orders/order-model.server'
import { applyStripeEvent } from './webhook.server'
import { ORDER_VIEW_FIELDS, type OrderView, findOrderViewDocs, planNamesById, toOrderView } from './order-view.server'

// What staff read of orders as a business (tabs, search, totals, the dashboard's figures) and the
// two subscription actions they may take, which go through Stripe.

export const ORDERS_API_PAGE = { defaultLimit: 100, maxLimit: 500 } as const
export const MAX_SEARCH_LENGTH = 100
const ACTIVE = ['paid', 'past_due'] as const
const DAY_MS = 24 * 60 * 60 * 1000

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export type OrderQuery = { filter?: OrderFilter | null; search?: string | null }

/** The database filter for a tab and a search by name or e-mail (case-insensitive, literal). */
export function orderFilter({ filter, search }: OrderQuery): Record<string, unknown> {
  const conditions: Record<string, unknown>[] = []
  if (filter === 'canceling') conditions.push({ status: { $in: ACTIVE }, 'subscription.cancelAtPeriodEnd': true })
  else if (filter) conditions.push({ status: filter })
  const words = search?.trim().slice(0, MAX_SEARCH_LENGTH)
  if (words) {
    const pattern = { $regex: escapeRegExp(words), $options: 'i' }
    conditions.push({ $or: [{ name: pattern }, { email: pattern }] })
  }
  return conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0]! : { $and: conditions }
}

/** How many orders each tab holds, for its label. */
export async function countOrdersByFilter(search?: string | null): Promise<Record<OrderFilter | 'all', number>> {
  const counts = await Promise.all([
    Order.countDocuments(orderFilter({ search })),
    ...ORDER_FILTERS.map((filter) => Order.countDocuments(orderFilter({ filter, search }))),
  ])
  return Object.fromEntries([['all', counts[0]!], ...ORDER_FILTERS.map((filter, index) => [filter, counts[index + 1]!])]) as Record<
    OrderFilter | 'all',
    number
  >
}

const cents = (dollars: number) => Math.round(dollars * 100)

/** The first instant of this month in the business's time zone (Eastern), near enough for a total. */
function startOfMonth(now: Date) {
  const eastern = new Date(now.toLocaleString('en-US', { timeZone: 'America/New_York' }))
  const offset = now.getTime() - eastern.getTime()
  return new Date(new Date(eastern.getFullYear(), eastern.getMonth(), 1).getTime() + offset)
}

/** This month's new business: the monthly totals of orders placed this month and paid. */
export async function monthsNewOrdersTotal(now = new Date()) {
  const orders = await Order.find({ status: { $in: ACTIVE }, createdAt: { $gte: startOfMonth(now) } }, { amount: 1 }).lean()
  return orders.reduce((sum, order) => sum + cents(order.amount), 0) / 100
}

export type OrdersSummary = {
  monthlyRecurringRevenue: number
  activeSubscriptions: number
  ms365Users: number
  pastDue: number
  canceledLast30Days: number
}

/** The dashboard's figures, in dollars as /api/plans gives prices. Past-due subscriptions still count as active. */
export async function ordersSummary(now = new Date()): Promise<OrdersSummary> {
  const [active, canceled] = await Promise.all([
    Order.find({ status: { $in: ACTIVE } }, { amount: 1, status: 1, ms365Option: 1, ms365Users: 1 }).lean(),
    Order.countDocuments({
      status: 'canceled',
      $or: [
        { statusChangedAt: { $gte: new Date(now.getTime() - 30 * DAY_MS) } },
        { statusChangedAt: { $exists: false }, updatedAt: { $gte: new Date(now.getTime() - 30 * DAY_MS) } },
      ],
    }),
  ])
  return {
    monthlyRecurringRevenue: active.reduce((sum, order) => sum + cents(order.amount), 0) / 100,
    activeSubscriptions: active.length,
    ms365Users: active.reduce((sum, order) => sum + (order.ms365Option === 'none' ? 0 : order.ms365Users), 0),
    pastDue: active.filter((order) => order.status === 'past_due').length,
    canceledLast30Days: canceled,
  }
}

export async function listOrdersForApi({ page, limit, filter }: { page: number; limit: number; filter: OrderFilter | null }) {
  const query = orderFilter({ filter })
  const [total, docs, names] = await Promise.all([
    Order.countDocuments(query),
    findOrderViewDocs(query, { skip: (page - 1) * limit, limit }),
    planNamesById(),
  ])
  return { orders: docs.map((doc) => toOrderView(doc, names)), total }
}

export async function findOrderDetail(id: string): Promise<OrderView | null> {
  if (!isValidObjectId(id)) return null
  const [doc, names] = await Promise.all([Order.findById(id, ORDER_VIEW_FIELDS).lean(), planNamesById()])
  return doc ? toOrderView(doc, names) : null
}

export type SubscriptionChange =
  | { outcome: 'changed'; order: OrderView | null }
  | { outcome: 'not-found' }
  | { outcome: 'no-subscription' }
  | { outcome: 'not-active'; status: string }

/**
 * Cancels at the end of the period, or resumes a subscription set to cancel, through Stripe. Stripe's
 * answer is applied to the order at once (as its webhook event would be); audited with who asked.
 */
export async function setCancelAtPeriodEnd(stripe: Stripe, id: string, cancel: boolean, by: ChangedBy): Promise<SubscriptionChange> {
  if (!isValidObjectId(id)) return { outcome: 'not-found' }
  const order = await Order.findById(id, { status: 1, stripeSubscriptionId: 1, subscription: 1 }).lean()
  if (!order) return { outcome: 'not-found' }
  if (!order.stripeSubscriptionId) return { outcome: 'no-subscription' }
  if (order.status !== 'paid' && order.status !== 'past_due') return { outcome: 'not-active', status: order.status }
  const subscription = await stripe.subscriptions.update(order.stripeSubscriptionId, { cancel_at_period_end: cancel })
  const at = Math.floor(Date.now() / 1000)
  await applyStripeEvent({
    id: `staff_${cancel ? 'cancel' : 'resume'}_${id}_${Date.now()}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: at,
    data: { object: subscription },
  } as unknown as Stripe.Event)
  await recordAudit({
    ...by,
    kind: 'order-status',
    action: cancel ? 'set the subscription to cancel at the end of its period' : 'resumed the subscription',
    target: `order:${id}`,
    changes: { cancelAtPeriodEnd: { before: order.subscription?.cancelAtPeriodEnd ?? null, after: cancel } },
  })
  return { outcome: 'changed', order: await findOrderDetail(id) }
}

/** The most rows one export holds; a bigger business would page through the API. */
export const MAX_EXPORT_ROWS = 10_000

/** A CSV cell: quoted, and a leading = + - @ made text, so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown) {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

const CSV_COLUMNS = [
  'Order',
  'Placed',
  'Name',
  'Email',
  'Phone',
  'Plan',
  'Microsoft 365',
  'Users',
  'Cloud backup',
  'Monthly total (USD)',
  'Status',
  'Subscription status',
  'Cancels at period end',
  'Current period ends',
  'Stripe customer',
  'Stripe subscription',
] as const

/** The orders of a tab and search as CSV, newest first. */
export async function ordersCsv(query: OrderQuery): Promise<string> {
  const [docs, names] = await Promise.all([findOrderViewDocs(orderFilter(query), { skip: 0, limit: MAX_EXPORT_ROWS }), planNamesById()])
  const rows = docs.map((doc) => {
    const order = toOrderView(doc, names)
    return [
      order.id,
      order.createdAt,
      order.name,
      order.email,
      order.phone,
      order.planName,
      order.ms365Option,
      order.ms365Users,
      order.includeCloudBackup ? 'yes' : 'no',
      order.amount.toFixed(2),
      order.status,
      order.subscription?.status,
      order.subscription ? (order.subscription.cancelAtPeriodEnd ? 'yes' : 'no') : '',
      order.subscription?.currentPeriodEnd,
      order.customerId,
      order.subscriptionId,
    ]
  })
  return [CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
