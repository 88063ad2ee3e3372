import { requireAdminApi } from '#app/staff/require-admin.server'
import { storeUpload, UploadRefused } from '#app/catalogue/uploads.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import type { Route } from './+types/uploads'

// POST /api/admin/uploads (multipart, field `file`): stores a PNG, JPEG or WebP image of at most
// 2 MB and answers 201 `{image, width, height}`; `image` is what a service, solution or article's
// `image` field then takes.
export function action({ request }: Route.ActionArgs) {
  return handleJsonErrors(async () => {
    const admin = await requireAdminApi(request)
    if (request.method !== 'POST') return jsonError(405, 'Use POST.', undefined, { headers: { Allow: 'POST' } })
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? '')) {
      return jsonError(415, 'Send the image as multipart/form-data in a field named file.')
    }
    const file = (await readFormWithLimit(request, BODY_LIMITS.contentEditing)).get('file')
    if (!(file instanceof File)) return jsonError(400, 'Send the image in a field named file.', { errors: { file: ['Choose an image'] } })
    try {
      const stored = await storeUpload(file, admin.username)
      return Response.json({ image: stored.path, width: stored.width, height: stored.height }, { status: 201 })
    } catch (error) {
      if (error instanceof UploadRefused) return jsonError(400, error.message, { errors: { file: [error.message] } })
      throw error
    }
  })
}
