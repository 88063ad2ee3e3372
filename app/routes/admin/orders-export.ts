import { isOrderFilter } from '#app/domain/order-status'
import { ordersCsv, MAX_SEARCH_LENGTH } from '#app/orders/staff-subscriptions.server'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import type { Route } from './+types/orders-export'

// GET /admin/orders/export?status=&q=: the orders of the tab and search on screen as a CSV file.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request)
  const url = new URL(request.url)
  const status = url.searchParams.get('status')
  const filter = isOrderFilter(status) ? status : null
  const search = (url.searchParams.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH) || null
  const csv = await ordersCsv({ filter, search })
  await recordAudit({ actor, kind: 'csv-export', action: `downloaded the orders${filter ? ` (${filter})` : ''} as CSV`, context })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
