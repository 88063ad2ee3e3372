import { findEnquiry, patchEnquiry } from '#app/enquiries/enquiry-workflow.server'
import { requireAdminApi } from '#app/staff/require-admin.server'
import { enquiryPatchSchema } from '#app/domain/enquiry'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { jsonAction } from '#app/lib/http/json-action.server'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/contacts.$id'

// GET one enquiry with its notes and replies; PATCH any of {status, assignee, note}: a status, an
// owner's account id (null for nobody), a note to add. Each change is audited like the page's.
export function loader({ request, params }: Route.LoaderArgs) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const enquiry = await findEnquiry(params.id)
    return enquiry ? Response.json(enquiry) : jsonError(404, 'Enquiry not found')
  })
}

export function action({ request, params, context }: Route.ActionArgs) {
  return jsonAction(
    {
      request,
      schema: enquiryPatchSchema,
      maxBytes: BODY_LIMITS.enquiry,
      guard: requireAdminApi,
      method: 'PATCH',
      postOnlyMessage: 'Use PATCH to change an enquiry.',
    },
    async (patch, actor) => {
      const done = await patchEnquiry(params.id, patch, { actor, context })
      return done.ok ? Response.json(done.value) : jsonError(done.status, done.message)
    },
  )
}
