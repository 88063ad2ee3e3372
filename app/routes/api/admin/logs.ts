import { getRawAccessLog } from '#app/observability/access-analytics.server'
import type { Route } from './+types/logs'
import { logsJson } from '#app/admin/logs-json.server'

export function loader({ request }: Route.LoaderArgs) {
  return logsJson(request, async () => ({ logs: await getRawAccessLog(), message: 'Logs retrieved successfully' }))
}
