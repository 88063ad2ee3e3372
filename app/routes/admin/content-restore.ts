import { redirect } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { ContentEditError, restoreContent } from '#app/catalogue/content-editing.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { readContentRecord } from '#app/catalogue/content-params.server'
import type { Route } from './+types/content-restore'

// Restore, posted from "Recently deleted": the record comes back as it was (a draft stays a draft).

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { kind } = readContentRecord(params)
  return redirect(`/admin/content/${kind}/deleted`)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { kind, id } = readContentRecord(params)
  try {
    const record = await restoreContent(kind, id, { actor: { id: admin.id, username: admin.username }, context })
    return await redirectWithToast(`/admin/content/${kind}`, {
      title: 'Restored',
      description: `${String(record.name ?? record.title)} is back, as it was when deleted.`,
    })
  } catch (error) {
    if (!(error instanceof ContentEditError)) throw error
    return redirectWithToast(`/admin/content/${kind}/deleted`, {
      title: 'Not restored',
      description: error.message,
      variant: 'destructive',
    })
  }
}
