import { enquiriesCsv } from '#app/enquiries/enquiry-workflow.server'
import { recordAudit } from '#app/staff/audit.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { easternDate } from '#app/domain/eastern-time'
import { readEnquiryFilters } from '#app/domain/enquiry'
import type { Route } from './+types/enquiries-export'

// The enquiries the list's filters select, as a CSV file (a download: the list's Export CSV link).
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request)
  const filters = readEnquiryFilters(new URL(request.url).searchParams)
  const csv = await enquiriesCsv(filters)
  await recordAudit({ actor, kind: 'csv-export', action: 'downloaded enquiries as CSV', context })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="enquiries-${easternDate(new Date())}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
