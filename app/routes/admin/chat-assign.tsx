import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readInboxForm } from '#app/chat/inbox-form.server'
import { assignConversation } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { chatAssignSchema } from '#app/domain/chat-inbox'
import type { Route } from './+types/chat-assign'

// One task of a conversation's page: who answers it. Audited like an enquiry's owner.

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const submission = parseWithZod(await readInboxForm(request), { schema: chatAssignSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const assignee = submission.value.assignee ?? null
  const done = await assignConversation(params.id, assignee, { actor, context })
  if (!done.ok) {
    invariantResponse(done.status !== 404, 'Conversation not found', 404)
    return data({ result: submission.reply({ fieldErrors: { assignee: [done.message] } }) }, { status: 400 })
  }
  return redirectWithToast(`/admin/chats/${params.id}`, { title: assignee ? 'Conversation assigned' : 'Assignment removed' })
}

export default function AssignRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The conversation was not assigned" result={actionData?.result} />
}
