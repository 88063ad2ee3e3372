import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readInboxForm } from '#app/chat/inbox-form.server'
import { assignConversation } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { assignSchema, CHOOSE_ASSIGNEE_MESSAGE } from '#app/domain/assignee'
import type { Route } from './+types/chat-assign'

// One task of a conversation's page: who answers it. Audited like an enquiry's owner.

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const form = await readInboxForm(request)
  const submission = parseWithZod(form, { schema: assignSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  // "Nobody" is sent as an empty value; a post without the field (not this page's form) changes nothing.
  if (!form.has('assignee'))
    return data({ result: submission.reply({ fieldErrors: { assignee: [CHOOSE_ASSIGNEE_MESSAGE] } }) }, { status: 400 })
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
