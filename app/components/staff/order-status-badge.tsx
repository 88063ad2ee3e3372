import { ORDER_STATUS_LABELS, type OrderStatus } from '#app/domain/order-status'

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  paid: 'bg-green-100 text-green-900',
  past_due: 'bg-orange-100 text-orange-900',
  failed: 'bg-red-100 text-red-900',
  canceled: 'bg-slate-200 text-slate-800',
}

/** An order's status in words ('past due', not 'past_due'), shown with a capital. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold first-letter:uppercase ${STATUS_CLASSES[status]}`}>
      {orderStatusWords(status)}
    </span>
  )
}

/** 'past due', 'paid': a status as a word inside a sentence or a list of choices. */
export function orderStatusWords(status: OrderStatus) {
  return ORDER_STATUS_LABELS[status].toLowerCase()
}
