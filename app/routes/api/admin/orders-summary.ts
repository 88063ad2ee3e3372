import { handleJsonErrors } from '#app/lib/http/responses.server'
import { ordersSummary } from '#app/orders/staff-subscriptions.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import type { Route } from './+types/orders-summary'

// GET /api/admin/orders/summary: the business in five figures, money in dollars.
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    return Response.json(await ordersSummary())
  })
}
