import { requireAdminApi } from '#app/auth/require-admin.server'
import { isDatabaseUnavailable } from '#app/db/connection.server'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/http/responses.server'
import { log } from '#app/observability/logger.server'

/**
 * SPEC §3's logs and analytics answers carry `success` and `message`; failures keep that shape
 * (success false) so the page can show the server's message.
 */
export async function logsJson(request: Request, work: () => Promise<Record<string, unknown>>): Promise<Response> {
  try {
    await requireAdminApi(request)
    return Response.json({ success: true, ...(await work()) }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof Response) return error
    if (isDatabaseUnavailable(error))
      return Response.json({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': '10' } })
    log.error({ err: error }, 'staff logs request failed')
    return Response.json({ success: false, message: 'Something went wrong on our side. Please try again.' }, { status: 500 })
  }
}
