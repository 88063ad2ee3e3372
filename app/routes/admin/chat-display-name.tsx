import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readInboxForm } from '#app/chat/inbox-form.server'
import { setOwnDisplayName } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { TaskRefusal } from '#app/components/staff/task-refusal'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { displayNameSchema } from '#app/domain/chat-inbox'
import type { Route } from './+types/chat-display-name'

// One task of a conversation's page: the name visitors read on one's replies, asked before the
// first one and kept on the account (colleagues see it too).

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const submission = parseWithZod(await readInboxForm(request), { schema: displayNameSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  await setOwnDisplayName(submission.value.name, { actor, context })
  return redirectWithToast(`/admin/chats/${params.id}#reply`, { title: `Visitors will see “${submission.value.name}”` })
}

export default function DisplayNameRefused({ actionData }: Route.ComponentProps) {
  return <TaskRefusal title="Your name was not saved" result={actionData?.result} />
}
