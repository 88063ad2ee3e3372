import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readInboxForm } from '#app/chat/inbox-form.server'
import { addSavedReply } from '#app/chat/saved-replies.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { savedReplySchema } from '#app/domain/chat-inbox'
import type { Route } from './+types/chat-saved-reply'

// One task of a conversation's page: keeping a reply for the team to use again.

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request)
  const submission = parseWithZod(await readInboxForm(request), { schema: savedReplySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const added = await addSavedReply(submission.value, staff)
  if (!added.ok) return data({ result: submission.reply({ fieldErrors: { [added.field]: [added.message] } }) }, { status: added.status })
  return redirectWithToast(`/admin/chats/${params.id}#saved-replies`, { title: 'Reply saved' })
}

export default function SavedReplyRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The reply was not saved" result={actionData?.result} />
}
