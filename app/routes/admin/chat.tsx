import { data, Form, Link, redirect } from 'react-router'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { requireAdmin } from '#app/staff/require-admin.server'
import { closeConversation, conversationDetail, reopenConversation, replyToConversation } from '#app/chat/staff-chat.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { withUnreadCount } from '#app/components/staff/chat-title-count'
import { useLiveRevalidation } from '#app/components/chat/use-live-revalidation'
import { CONTROL_CLASS } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { CHAT_LIMITS } from '#app/domain/chat'
import { staffReplySchema } from '#app/domain/chat-request'
import { pageMeta } from '#app/domain/seo'
import { invariantResponse } from '#app/lib/http/responses.server'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import type { Route } from './+types/chat'

// /admin/chats/:id: one conversation, its transcript and a reply form, with Close and
// Reopen. Plain forms (they work without JavaScript); with JavaScript the transcript follows the
// conversation's events. Opening the page marks its messages read.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: withUnreadCount(`Chat with ${loaderData?.conversation.name ?? 'a visitor'}`, 0),
    description: 'A support chat.',
    path: '/admin/chats',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const conversation = await conversationDetail(params.id, { markRead: true })
  invariantResponse(conversation, 'Conversation not found', 404)
  return { siteUrl: getEnv().SITE_URL, conversation }
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request)
  const form = await readFormWithLimit(request, BODY_LIMITS.enquiry)
  const intent = form.get('intent')
  if (intent === 'close' || intent === 'reopen') {
    const result = await (intent === 'close' ? closeConversation : reopenConversation)(params.id, staff)
    if (!result.ok) return data({ error: result.message, text: '' }, { status: result.status })
    return redirect(`/admin/chats/${params.id}`, { status: 303 })
  }
  const text = String(form.get('text') ?? '')
  const parsed = staffReplySchema.safeParse({ text })
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'Please check your reply.', text }, { status: 400 })
  const result = await replyToConversation(params.id, staff, parsed.data.text)
  if (!result.ok) return data({ error: result.message, text }, { status: result.status })
  return redirect(`/admin/chats/${params.id}#latest`, { status: 303 })
}

export default function AdminChat({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation } = loaderData
  const sending = useIsPending()
  useLiveRevalidation('/api/admin/chats/events')
  const closed = conversation.status === 'closed'

  return (
    <div className="max-w-4xl">
      <StaffHeader
        title={conversation.name ?? 'Anonymous visitor'}
        subtitle={`${conversation.email ?? 'No e-mail given'}${conversation.currentPage ? ` · on ${conversation.currentPage}` : ''} · ${closed ? 'Closed' : 'Open'}`}
      >
        <Link to="/admin/chats" className={adminButtonClass}>
          All Chats
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value={closed ? 'reopen' : 'close'} />
          <button type="submit" className={adminButtonClass}>
            {closed ? 'Reopen' : 'Close conversation'}
          </button>
        </Form>
      </StaffHeader>

      <ol aria-label="Transcript" className="mt-8 space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {conversation.messages.map((message) => (
          <li key={message.id} data-from={message.from} className={message.from === 'system' ? 'text-sm text-slate-500 italic' : ''}>
            <span className="font-semibold text-slate-900">
              {message.from === 'visitor'
                ? (conversation.name ?? 'Visitor')
                : message.from === 'staff'
                  ? (message.staffName ?? 'Staff')
                  : 'Note'}
            </span>
            <span className="text-xs text-slate-500"> {formatAdminDate(message.at)}</span>
            <p className="whitespace-pre-wrap text-slate-800">{message.text}</p>
          </li>
        ))}
        <li id="latest" aria-hidden="true" />
      </ol>

      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {closed ? (
        <p className="mt-6 text-slate-600">
          This conversation is closed. Reopen it to reply; it reopens by itself when the visitor writes again.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-3 print:hidden" key={conversation.messages.length}>
          <input type="hidden" name="intent" value="reply" />
          <label htmlFor="reply" className="block text-sm font-medium text-slate-700">
            Your reply
          </label>
          <textarea
            id="reply"
            name="text"
            rows={4}
            maxLength={CHAT_LIMITS.message}
            defaultValue={actionData?.text}
            className={CONTROL_CLASS}
          />
          <StatusButton pending={sending} pendingText="Sending...">
            Send reply
          </StatusButton>
        </Form>
      )}
    </div>
  )
}
