import type { OrderStatus } from '#app/domain/order-status'

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  paid: 'bg-green-100 text-green-900',
  past_due: 'bg-orange-100 text-orange-900',
  failed: 'bg-red-100 text-red-900',
  canceled: 'bg-slate-200 text-slate-800',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}>{status}</span>
}
