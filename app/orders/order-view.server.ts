import { listPlanNames } from '#app/catalogue/catalogue.server'
import { Order } from '#app/orders/order-model.server'

/**
 * One order as staff and the person it belongs to read it: the staff API, the order's page after a
 * subscription change, and the personal-data export all show this shape.
 */
export type OrderView = {
  id: string
  name: string | null
  email: string | null
  phone: string | null
  status: string
  planId: number
  planName: string
  ms365Option: string
  ms365Users: number
  includeCloudBackup: boolean
  amount: number
  createdAt: string
  customerId: string | null
  subscriptionId: string | null
  subscription: {
    id: string
    status: string
    currentPeriodEnd: string | null
    cancelAtPeriodEnd: boolean
    itemQuantities: { ms365: number | null; backup: number | null }
  } | null
  invoices: Array<{
    id: string
    number: string | null
    amount: number
    currency: string
    status: string
    paidAt: string | null
    url: string | null
  }>
}

export const ORDER_VIEW_FIELDS = {
  name: 1,
  email: 1,
  phone: 1,
  status: 1,
  planId: 1,
  ms365Option: 1,
  ms365Users: 1,
  includeCloudBackup: 1,
  amount: 1,
  createdAt: 1,
  stripeCustomerId: 1,
  stripeSubscriptionId: 1,
  subscription: 1,
  invoices: 1,
} as const

/** Finds orders with the fields the view needs, newest first. */
export function findOrderViewDocs(filter: Record<string, unknown>, page = { skip: 0, limit: 0 }) {
  return Order.find(filter, ORDER_VIEW_FIELDS).sort({ createdAt: -1, _id: -1 }).skip(page.skip).limit(page.limit).lean()
}

export type OrderViewDoc = Awaited<ReturnType<typeof findOrderViewDocs>>[number]

/** Plan names by id; a catalogue outage must not hide the orders themselves, so it gives "Plan <id>". */
export async function planNamesById(): Promise<Map<number, string>> {
  const plans = await listPlanNames().catch(() => [])
  return new Map(plans.map((plan) => [plan.id, plan.name]))
}

export function toOrderView(doc: OrderViewDoc, planNames: Map<number, string>): OrderView {
  const subscription = doc.subscription ?? null
  return {
    id: String(doc._id),
    name: doc.name ?? null,
    email: doc.email ?? null,
    phone: doc.phone ?? null,
    status: doc.status,
    planId: doc.planId,
    planName: planNames.get(doc.planId) ?? `Plan ${doc.planId}`,
    ms365Option: doc.ms365Option,
    ms365Users: doc.ms365Users,
    includeCloudBackup: doc.includeCloudBackup,
    amount: doc.amount,
    createdAt: doc.createdAt.toISOString(),
    customerId: doc.stripeCustomerId ?? null,
    subscriptionId: doc.stripeSubscriptionId ?? null,
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          itemQuantities: { ms365: subscription.itemQuantities?.ms365 ?? null, backup: subscription.itemQuantities?.backup ?? null },
        }
      : null,
    invoices: (doc.invoices ?? []).map((invoice) => ({
      id: invoice.id,
      number: invoice.number ?? null,
      amount: invoice.amount,
      currency: invoice.currency,
      status: invoice.status,
      paidAt: invoice.paidAt?.toISOString() ?? null,
      url: invoice.url ?? null,
    })),
  }
}
