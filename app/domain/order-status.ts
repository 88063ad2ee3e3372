// Which order status may follow which. Shared by the update-status API, the Stripe webhook and
// the staff orders page, so every path obeys the same rules.
export const ORDER_STATUSES = ['pending', 'paid', 'past_due', 'failed', 'canceled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  // A payment succeeds or fails; a buyer or staff may abandon an order.
  pending: ['paid', 'failed', 'canceled'],
  // A failed card can be retried and then succeed.
  failed: ['pending', 'paid', 'canceled'],
  // A renewal can fail (past due); a subscription ends with cancellation.
  paid: ['past_due', 'canceled'],
  // Paying the overdue invoice makes the order paid again; Stripe may give up and cancel.
  past_due: ['paid', 'canceled'],
  canceled: [],
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  past_due: 'Past due',
  failed: 'Failed',
  canceled: 'Canceled',
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/** Only Stripe makes an order past due (a renewal it could not charge); staff never choose it. */
const STRIPE_ONLY: readonly OrderStatus[] = ['past_due']

/** The statuses staff may pick for an order now. */
export function allowedNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT_STATUSES[from].filter((to) => !STRIPE_ONLY.includes(to))
}

export function canStaffChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return allowedNextStatuses(from).includes(to)
}

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to)
}

/** What Stripe's subscription status means for the order; null where the order keeps its status. */
export function statusForSubscription(stripeStatus: string): OrderStatus | null {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'paid'
    case 'past_due':
    case 'unpaid':
      return 'past_due'
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled'
    default:
      return null
  }
}

/** The staff list's tabs: each status, and the subscriptions set to end at their period's end. */
export const ORDER_FILTERS = ['pending', 'paid', 'past_due', 'canceling', 'failed', 'canceled'] as const
export type OrderFilter = (typeof ORDER_FILTERS)[number]
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = { ...ORDER_STATUS_LABELS, canceling: 'Canceling' }

export function isOrderFilter(value: unknown): value is OrderFilter {
  return typeof value === 'string' && (ORDER_FILTERS as readonly string[]).includes(value)
}
