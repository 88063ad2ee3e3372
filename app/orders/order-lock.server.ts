import { withDocumentLock } from '#app/lib/db/document-lock.server'

/**
 * Every change of an order's status (Stripe's webhook, the staff page, the staff API) is made holding
 * this lock, so two writers never both act on the status they read: one waits for the other.
 */
export function withOrderLock<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  return withDocumentLock(`order:${orderId}`, work)
}
