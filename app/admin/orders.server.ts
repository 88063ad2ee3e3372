import { isValidObjectId } from 'mongoose'
import { listPlans } from '#app/catalogue/catalogue.server'
import { canChangeStatus, isOrderStatus, type OrderStatus } from '#app/domain/order-status'
import { Order } from '#app/models/order.server'
import { withOrderLock } from '#app/payments/order-lock.server'
import { pageWindow } from './pagination'

export const ORDERS_PER_PAGE = 50

export type StaffOrder = {
  id: string
  createdAt: Date
  updatedAt: Date | null
  name: string
  email: string
  phone: string | null
  planId: number
  planName: string
  ms365Option: string
  ms365Users: number
  includeCloudBackup: boolean
  amount: number
  status: OrderStatus
  paymentId: string | null
}

type OrderDocument = {
  _id: unknown
  createdAt: Date
  updatedAt?: Date | null
  name: string
  email: string
  phone?: string | null
  planId: number
  ms365Option: string
  ms365Users: number
  includeCloudBackup: boolean
  amount: number
  status: string
  paymentId?: string | null
}

async function planNames() {
  // A plan missing from the catalogue (or a catalogue outage) must not hide the order itself.
  const plans = await listPlans().catch(() => [])
  return new Map(plans.map((plan) => [plan.id, plan.name]))
}

function toStaffOrder(doc: OrderDocument, names: Map<number, string>): StaffOrder {
  return {
    id: String(doc._id),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt ?? null,
    name: doc.name,
    email: doc.email,
    phone: doc.phone || null,
    planId: doc.planId,
    planName: names.get(doc.planId) ?? `Plan ${doc.planId}`,
    ms365Option: doc.ms365Option,
    ms365Users: doc.ms365Users,
    includeCloudBackup: doc.includeCloudBackup,
    amount: doc.amount,
    status: isOrderStatus(doc.status) ? doc.status : 'pending',
    paymentId: doc.paymentId || null,
  }
}

export async function listStaffOrders({ page = 1 }: { page?: number }) {
  const total = await Order.countDocuments()
  const window = pageWindow(total, page, ORDERS_PER_PAGE)
  const [docs, names] = await Promise.all([
    Order.find().sort({ createdAt: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean<OrderDocument[]>(),
    planNames(),
  ])
  return { orders: docs.map((doc) => toStaffOrder(doc, names)), total, page: window.page, pageCount: window.pageCount }
}

export async function findStaffOrder(id: string) {
  if (!isValidObjectId(id)) return null
  const [doc, names] = await Promise.all([Order.findById(id).lean<OrderDocument>(), planNames()])
  return doc ? toStaffOrder(doc, names) : null
}

export type StatusChange = { outcome: 'changed' } | { outcome: 'not-found' } | { outcome: 'not-allowed'; from: OrderStatus }

/**
 * Moves an order to `to` when the rules allow it. The update is conditional on the status it was
 * read with, so two staff members (or staff and the payment webhook) can't both apply a change.
 */
export async function changeOrderStatus(id: string, to: OrderStatus): Promise<StatusChange> {
  if (!isValidObjectId(id)) return { outcome: 'not-found' }
  return withOrderLock(id, async () => {
    const current = await Order.findById(id, { status: 1 }).lean<{ status: string }>()
    if (!current) return { outcome: 'not-found' }
    const from = isOrderStatus(current.status) ? current.status : 'pending'
    if (!canChangeStatus(from, to)) return { outcome: 'not-allowed', from }
    const { modifiedCount } = await Order.updateOne({ _id: id, status: from }, { $set: { status: to, updatedAt: new Date() } })
    return modifiedCount === 1 ? { outcome: 'changed' } : { outcome: 'not-allowed', from }
  })
}
