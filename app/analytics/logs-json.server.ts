import { requireAdminApi } from '#app/staff/require-admin.server'
import { handleJsonErrors } from '#app/lib/http/responses.server'

/**
 * SPEC §3's logs and analytics answers carry `success` and `message`; failures keep that shape
 * (success false) so the page can show the server's message.
 */
export function logsJson(request: Request, work: () => Promise<Record<string, unknown>>): Promise<Response> {
  return handleJsonErrors(
    async () => {
      await requireAdminApi(request)
      // No Cache-Control here: the security headers mark every staff path no-store.
      return Response.json({ success: true, ...(await work()) })
    },
    { success: false },
  )
}
