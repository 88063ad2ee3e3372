import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { readInboxForm } from '#app/chat/inbox-form.server'
import { findSavedReply } from '#app/chat/saved-replies.server'
import { ownDisplayName, replyToConversation } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { invariantResponse } from '#app/lib/http/responses.server'
import { chatReplyFormSchema } from '#app/domain/chat-inbox'
import type { Route } from './+types/chat-reply'

// One task of a conversation's page: answering. The text typed, or else the saved reply chosen
// (which is read here, by its id, never from the page). Signed with the staff member's display name.
// A refusal keeps what was sent: the conversation's reply form reads this answer to fill itself.

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request)
  const submission = parseWithZod(await readInboxForm(request), { schema: chatReplyFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (!(await ownDisplayName(staff.id)))
    return data(
      { result: submission.reply({ formErrors: ['Tell visitors your name first (the form above the reply box).'] }) },
      { status: 409 },
    )
  let text = submission.value.text
  if (!text && submission.value.savedReply) {
    const saved = await findSavedReply(submission.value.savedReply)
    if (!saved)
      return data({ result: submission.reply({ fieldErrors: { savedReply: ['That saved reply no longer exists.'] } }) }, { status: 400 })
    text = saved.text
  }
  const sent = await replyToConversation(params.id, staff, text!)
  if (!sent.ok) {
    invariantResponse(sent.status !== 404, 'Conversation not found', 404)
    return data({ result: submission.reply({ formErrors: [sent.message] }) }, { status: sent.status })
  }
  // No toast: the reply appearing in the transcript says it was sent.
  return redirect(`/admin/chats/${params.id}#latest`, { status: 303 })
}

export default function ReplyRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="The reply was not sent" result={actionData?.result} formAt="#reply" />
}
