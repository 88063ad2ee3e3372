import { getMs365Option, parseMs365Option } from './pricing'

/** The add-ons of an order in words, for staff tables. */
export function describeOrderOptions(order: { ms365Option: string; includeCloudBackup: boolean }): string {
  const option = getMs365Option(parseMs365Option(order.ms365Option))
  if (option.id === 'none') return 'No add-ons'
  return order.includeCloudBackup ? `${option.label} + Cloud Backup` : option.label
}

/** An order paid on Stripe's hosted page gets its buyer's name from the webhook: until then, none. */
export function buyerName(order: { name: string | null }): string {
  return order.name ?? 'Buyer on Stripe Checkout'
}
