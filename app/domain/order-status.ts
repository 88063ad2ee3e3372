// Which order status may follow which. Shared by the update-status API, the Stripe webhook and
// the staff orders page, so every path obeys the same rules.
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'canceled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  // A payment succeeds or fails; a buyer or staff may abandon an order.
  pending: ['paid', 'failed', 'canceled'],
  // A failed card can be retried and then succeed.
  failed: ['pending', 'paid', 'canceled'],
  // A paid subscription ends with cancellation.
  paid: ['canceled'],
  canceled: [],
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

export function allowedNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT_STATUSES[from]
}

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to)
}
