import { isValidObjectId } from 'mongoose'
import { changesBetween, recordAudit } from '#app/staff/audit.server'
import type { ChangedBy } from '#app/staff/staff-accounts.server'
import { planNamesById } from '#app/orders/order-view.server'
import { projectionOf, toView, type View } from '#app/lib/db/views.server'
import { canStaffChangeStatus, type OrderStatus } from '#app/domain/order-status'
import { Order, type OrderDocument } from '#app/orders/order-model.server'
import { withOrderLock } from '#app/orders/order-lock.server'
import { pageWindow } from '#app/lib/pagination'
import { type OrderQuery, orderFilter } from './staff-subscriptions.server'

export const ORDERS_PER_PAGE = 50

/** What staff see of an order; the plan's name is looked up in the catalogue. */
const STAFF_ORDER_FIELDS = [
  'createdAt',
  'updatedAt',
  'name',
  'email',
  'phone',
  'planId',
  'ms365Option',
  'ms365Users',
  'includeCloudBackup',
  'amount',
  'status',
  'paymentId',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'subscription',
  'invoices',
] as const
export type StaffOrder = View<OrderDocument, (typeof STAFF_ORDER_FIELDS)[number]> & { planName: string }
const staffOrderProjection = projectionOf(STAFF_ORDER_FIELDS)

function toStaffOrder(
  doc: Pick<OrderDocument, (typeof STAFF_ORDER_FIELDS)[number]> & { _id: unknown },
  names: Map<number, string>,
): StaffOrder {
  return { ...toView(doc, STAFF_ORDER_FIELDS), planName: names.get(doc.planId) ?? `Plan ${doc.planId}` }
}

export async function listStaffOrders({ page = 1, filter = null, search = null }: { page?: number } & OrderQuery) {
  const query = orderFilter({ filter, search })
  const total = await Order.countDocuments(query)
  const window = pageWindow(total, page, ORDERS_PER_PAGE)
  const [docs, names] = await Promise.all([
    Order.find(query, staffOrderProjection).sort({ createdAt: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean(),
    planNamesById(),
  ])
  return { orders: docs.map((doc) => toStaffOrder(doc, names)), total, page: window.page, pageCount: window.pageCount }
}

export async function findStaffOrder(id: string) {
  if (!isValidObjectId(id)) return null
  const [doc, names] = await Promise.all([Order.findById(id, staffOrderProjection).lean(), planNamesById()])
  return doc ? toStaffOrder(doc, names) : null
}

export type StatusChange =
  | { outcome: 'changed'; order: { id: string; status: OrderStatus; paymentId: string | null } }
  | { outcome: 'not-found' }
  | { outcome: 'not-allowed'; from: OrderStatus }
  /** Someone else (staff, the payment webhook) changed it between our read and our write. */
  | { outcome: 'changed-meanwhile' }

/**
 * The one way staff change an order's status (the order page's form and
 * POST /api/orders/:id/update-status): only the moves domain/order-status allows, and the update
 * is conditional on the status it was read with, so two changes can't both apply. Audited with
 * who made it (`by`).
 */
export async function changeOrderStatus(
  id: string,
  to: OrderStatus,
  by: ChangedBy,
  { paymentId }: { paymentId?: string } = {},
): Promise<StatusChange> {
  if (!isValidObjectId(id)) return { outcome: 'not-found' }
  // Under the order's lock: FerretDB does not apply a conditional update atomically, so the status
  // condition alone would not stop staff and the payment webhook both applying a change.
  return withOrderLock(id, async (): Promise<StatusChange> => {
    const current = await Order.findById(id, { status: 1, paymentId: 1 }).lean()
    if (!current) return { outcome: 'not-found' }
    const from = current.status
    if (!canStaffChangeStatus(from, to)) return { outcome: 'not-allowed', from }
    const updated = await Order.findOneAndUpdate(
      { _id: current._id, status: from },
      { $set: { status: to, ...(paymentId ? { paymentId } : {}), updatedAt: new Date() } },
      // No projection: FerretDB does not implement findAndModify's "fields".
      { returnDocument: 'after' },
    ).lean()
    if (!updated) return { outcome: 'changed-meanwhile' }
    await recordAudit({
      ...by,
      kind: 'order-status',
      action: `changed order status to ${to}`,
      target: `order:${id}`,
      changes: changesBetween({ status: from, paymentId: current.paymentId ?? null }, { status: to, paymentId: updated.paymentId ?? null }),
    })
    return { outcome: 'changed', order: { id: String(updated._id), status: to, paymentId: updated.paymentId ?? null } }
  })
}
