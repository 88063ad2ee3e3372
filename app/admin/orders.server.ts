import { isValidObjectId } from 'mongoose'
import { changesBetween, recordAudit } from '#app/audit/audit.server'
import type { ChangedBy } from '#app/auth/staff-accounts.server'
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

export type StatusChange =
  | { outcome: 'changed'; order: { id: string; status: OrderStatus; paymentId: string | null } }
  | { outcome: 'not-found' }
  | { outcome: 'not-allowed'; from: OrderStatus }

/**
 * Moves an order to `to` when the rules allow it: the one place staff change an order's status (the
 * order page and `POST /api/orders/:id/update-status`), audited. The update is conditional on the
 * status it was read with, so two staff members (or staff and the payment webhook) can't both apply
 * a change.
 */
export async function changeOrderStatus(
  id: string,
  to: OrderStatus,
  by: ChangedBy,
  { paymentId }: { paymentId?: string } = {},
): Promise<StatusChange> {
  if (!isValidObjectId(id)) return { outcome: 'not-found' }
  const change = await withOrderLock(id, async (): Promise<StatusChange> => {
    const current = await Order.findById(id, { status: 1, paymentId: 1 }).lean<{ status: string; paymentId?: string | null }>()
    if (!current) return { outcome: 'not-found' }
    const from = isOrderStatus(current.status) ? current.status : 'pending'
    if (!canChangeStatus(from, to)) return { outcome: 'not-allowed', from }
    const set = { status: to, ...(paymentId ? { paymentId } : {}), updatedAt: new Date() }
    const { modifiedCount } = await Order.updateOne({ _id: id, status: from }, { $set: set })
    if (modifiedCount !== 1) return { outcome: 'not-allowed', from }
    await recordAudit({
      ...by,
      kind: 'order-status',
      action: `changed order status to ${to}`,
      target: `order:${id}`,
      changes: changesBetween({ status: from, paymentId: current.paymentId ?? null }, { status: to, ...(paymentId ? { paymentId } : {}) }),
    })
    return { outcome: 'changed', order: { id, status: to, paymentId: paymentId ?? current.paymentId ?? null } }
  })
  return change
}
