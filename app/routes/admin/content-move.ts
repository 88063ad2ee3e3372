import { redirect } from 'react-router'
import { ContentEditError, moveContent } from '#app/catalogue/content-editing.server'
import { readContentRecord } from '#app/catalogue/content-params.server'
import { CONTENT_LABELS } from '#app/domain/content-rules'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import type { Route } from './+types/content-move'

// Move one record up or down its kind's list (the order the site shows them in).

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { kind } = readContentRecord(params)
  return redirect(`/admin/content/${kind}`)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readContentRecord(params)
  const form = await readFormWithLimit(request, BODY_LIMITS.default)
  const direction = form.get('direction')
  const list = `/admin/content/${kind}`
  if (direction !== 'up' && direction !== 'down')
    return redirectWithToast(list, { title: 'Not moved', description: 'Choose ↑ or ↓.', variant: 'destructive' })
  try {
    await moveContent(kind, id, direction, { actor: { id: admin.id, username: admin.username }, context })
    return await redirectWithToast(list, { title: 'Order saved', description: `The ${CONTENT_LABELS[kind].singular} moved ${direction}.` })
  } catch (error) {
    if (!(error instanceof ContentEditError)) throw error
    invariantResponse(error.status !== 404, error.message, 404)
    return redirectWithToast(list, { title: 'Not moved', description: error.message, variant: 'destructive' })
  }
}
