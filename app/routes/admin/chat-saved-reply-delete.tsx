import { deleteSavedReply } from '#app/chat/saved-replies.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/chat-saved-reply-delete'

// One task of a conversation's page: removing a saved reply (the address names it; the body is empty).

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  invariantResponse(await deleteSavedReply(params.replyId), 'Saved reply not found', 404)
  return redirectWithToast(`/admin/chats/${params.id}#saved-replies`, { title: 'Saved reply deleted' })
}
