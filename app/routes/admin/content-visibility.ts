import { redirect } from 'react-router'
import { ContentEditError, getContent, updateContent } from '#app/catalogue/content-editing.server'
import { readContentRecord } from '#app/catalogue/content-params.server'
import { CONTENT_LABELS, contentVisibility } from '#app/domain/content-rules'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import type { Route } from './+types/content-visibility'

// Publish or hide one record from its kind's list. The form sends only the version the list showed,
// so a change someone saved meanwhile is refused rather than overwritten.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { kind } = readContentRecord(params)
  return redirect(`/admin/content/${kind}`)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readContentRecord(params)
  const form = await readFormWithLimit(request, BODY_LIMITS.default)
  const version = Number(form.get('version'))
  const singular = CONTENT_LABELS[kind].singular
  const list = `/admin/content/${kind}`
  try {
    const current = (await getContent(kind, id)) as Record<string, unknown>
    const { flip, action: done } = contentVisibility(kind, current)
    await updateContent(kind, id, flip, version, { actor: { id: admin.id, username: admin.username }, context })
    return await redirectWithToast(list, { title: `${done} done`, description: `The ${singular} is saved; the site shows the change now.` })
  } catch (error) {
    if (!(error instanceof ContentEditError)) throw error
    invariantResponse(error.status !== 404, error.message, 404)
    const message = error.status === 409 ? `${error.message} The list now shows the saved version.` : error.message
    return redirectWithToast(list, { title: 'Not changed', description: message, variant: 'destructive' })
  }
}
