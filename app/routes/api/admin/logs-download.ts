import { recordAudit } from '#app/staff/audit.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'
import { accessLogCsvFileName, accessLogCsvStream } from '#app/analytics/access-analytics.server'
import type { Route } from './+types/logs-download'

// The last 24 hours as a CSV file, streamed (see accessLogCsvStream for why memory stays flat).
export function loader({ request, context }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    const actor = await requireAdminApi(request)
    const now = new Date()
    await recordAudit({ actor, kind: 'csv-export', action: 'downloaded the access log (last 24 hours) as CSV', context })
    return new Response(accessLogCsvStream(now), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${accessLogCsvFileName(now)}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
}
