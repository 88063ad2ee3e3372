import { getAccessAnalytics } from '#app/observability/access-analytics.server'
import type { Route } from './+types/logs-analytics'
import { logsJson } from '#app/admin/logs-json.server'

export function loader({ request }: Route.LoaderArgs) {
  return logsJson(request, async () => ({ analytics: await getAccessAnalytics(), message: 'Analytics retrieved successfully' }))
}
