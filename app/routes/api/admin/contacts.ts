import { listAllContactSubmissions } from '#app/admin/enquiries.server'
import { requireAdminApi } from '#app/auth/require-admin.server'
import { handleJsonErrors } from '#app/http/responses.server'
import type { Route } from './+types/contacts'

// SPEC §7: a list of id, createdAt, name, email, phone, service, message, newest first.
export function loader({ request }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    return Response.json(await listAllContactSubmissions())
  })
}
