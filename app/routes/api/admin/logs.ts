import { getRawAccessLog } from '#app/analytics/access-analytics.server'
import type { Route } from './+types/logs'
import { logsJson } from '#app/analytics/logs-json.server'

export function loader({ request }: Route.LoaderArgs) {
  return logsJson(request, async () => ({ logs: await getRawAccessLog(), message: 'Logs retrieved successfully' }))
}
