import { chatInboxCounts } from '#app/chat/inbox-counts.server'
import { countNewEnquiries } from '#app/enquiries/enquiry-workflow.server'
import { Order } from '#app/orders/order-model.server'
import { getAccessAnalytics } from '#app/analytics/access-analytics.server'
import { easternInstant, easternWallTime } from '#app/domain/eastern-time'

/** The dashboard's first lines: what is waiting for staff today. */
export type ConsoleToday = {
  newEnquiries: number
  chatsWaiting: number
  ordersToday: number
  ordersPastDue: number
  requests24h: number
  visitors24h: number
}

export function startOfEasternDay(now = new Date()) {
  const wall = easternWallTime(now)
  return easternInstant(wall.year, wall.month, wall.day, 0)
}

export async function consoleToday(now = new Date()): Promise<ConsoleToday> {
  const [newEnquiries, chats, ordersToday, ordersPastDue, traffic] = await Promise.all([
    countNewEnquiries(),
    chatInboxCounts(),
    Order.countDocuments({ createdAt: { $gte: startOfEasternDay(now) } }),
    // Orders behind on payment, once Stripe says so (a status the order model is gaining).
    Order.collection.countDocuments({ status: 'past_due' }),
    getAccessAnalytics(now),
  ])
  return {
    newEnquiries,
    chatsWaiting: chats.waiting,
    ordersToday,
    ordersPastDue,
    requests24h: traffic.totalRequests,
    visitors24h: traffic.uniqueVisitors,
  }
}
