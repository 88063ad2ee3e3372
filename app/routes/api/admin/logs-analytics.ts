import { getAccessAnalytics } from '#app/analytics/access-analytics.server'
import { getVisitorAnalytics } from '#app/analytics/visitor-analytics.server'
import { logsJson } from '#app/analytics/logs-json.server'
import { jsonError } from '#app/lib/http/responses.server'
import { ANALYTICS_RANGES, parseRange } from '#app/domain/page-views'
import type { Route } from './+types/logs-analytics'

// The request figures are the last 24 hours (SPEC §2); the visitor figures cover ?range=
// (24h, 7d or 30d; 7d when absent), each beside the same figures for the period before.
export function loader({ request }: Route.LoaderArgs) {
  return logsJson(request, async () => {
    const asked = new URL(request.url).searchParams.get('range')
    if (asked !== null && !(ANALYTICS_RANGES as readonly string[]).includes(asked))
      throw jsonError(400, `range must be one of ${ANALYTICS_RANGES.join(', ')}.`, { success: false })
    const now = new Date()
    const [requests, visitors] = await Promise.all([getAccessAnalytics(now), getVisitorAnalytics(parseRange(asked), now)])
    return { analytics: { ...requests, ...visitors }, message: 'Analytics retrieved successfully' }
  })
}
