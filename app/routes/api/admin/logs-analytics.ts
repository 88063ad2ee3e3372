import { getAccessAnalytics } from '#app/analytics/access-analytics.server'
import type { Route } from './+types/logs-analytics'
import { logsJson } from '#app/analytics/logs-json.server'

export function loader({ request }: Route.LoaderArgs) {
  return logsJson(request, async () => ({ analytics: await getAccessAnalytics(), message: 'Analytics retrieved successfully' }))
}
