import { useRef } from 'react'
import { Form, Link, Outlet, unstable_useRoute as useRoute, useNavigation } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { listEnquiryOwners } from '#app/enquiries/enquiry-workflow.server'
import { listSavedReplies } from '#app/chat/saved-replies.server'
import { conversationDetail, ownDisplayName } from '#app/chat/staff-chat.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { AssignForm } from '#app/components/staff/assign-form'
import { Card } from '#app/components/staff/card'
import { ChatBubble } from '#app/components/staff/chat-bubble'
import { StaffHeader } from '#app/components/staff/staff-header'
import { refusedField } from '#app/components/staff/task-refusal'
import { withUnreadCount } from '#app/components/staff/chat-title-count'
import { useLiveRevalidation } from '#app/components/chat/use-live-revalidation'
import { CONTROL_CLASS, FieldMessage } from '#app/components/ui/field'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { CHAT_LIMITS } from '#app/domain/chat'
import { DISPLAY_NAME_MAX, SAVED_REPLIES_MAX, SAVED_REPLY_TEXT_MAX, SAVED_REPLY_TITLE_MAX } from '#app/domain/chat-inbox'
import { pageMeta } from '#app/domain/seo'
import { invariantResponse } from '#app/lib/http/responses.server'
import type { Route } from './+types/chat'

// /admin/chats/:id: one conversation as bubbles, the reply box (after the staff member's display
// name is known), who answers it, and the team's saved replies. Each task posts to its own nested
// route (chat-reply, chat-assign, …), whose refusal shows in the Outlet. Plain forms, so all of it
// works without JavaScript; with JavaScript the transcript follows the conversation's events.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: withUnreadCount(`Chat with ${loaderData?.conversation.name ?? 'a visitor'}`, 0),
    description: 'A support chat.',
    path: '/admin/chats',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request)
  const [conversation, owners, savedReplies, myName] = await Promise.all([
    conversationDetail(params.id, { markRead: true }),
    listEnquiryOwners(),
    listSavedReplies(),
    ownDisplayName(staff.id),
  ])
  invariantResponse(conversation, 'Conversation not found', 404)
  return { siteUrl: getEnv().SITE_URL, conversation, owners, savedReplies, myName, me: staff.id }
}

export default function AdminChat({ loaderData }: Route.ComponentProps) {
  const { conversation, owners, savedReplies, myName, me } = loaderData
  const base = `/admin/chats/${conversation.id}`
  useLiveRevalidation('/api/admin/chats/events')
  const closed = conversation.status === 'closed'
  const navigation = useNavigation()
  const replying = useIsPending({ formAction: `${base}/reply` })
  const sendingSaved = replying ? navigation.formData?.get('savedReply') : null
  const statusPending = useIsPending({ formAction: `${base}/${closed ? 'reopen' : 'close'}` })
  const namePending = useIsPending({ formAction: `${base}/display-name` })
  const savePending = useIsPending({ formAction: `${base}/saved-replies` })
  const replyBox = useRef<HTMLTextAreaElement>(null)
  // A refused reply (its nested route's answer) comes back in the box, with why beside it.
  const refused = useRoute('routes/admin/chat-reply')?.actionData?.result
  const keptText = refusedField(refused, 'text')
  const keptChoice = refusedField(refused, 'savedReply')
  // The reply box starts empty again after a reply is sent, not when the visitor writes meanwhile.
  const staffMessages = conversation.messages.filter((message) => message.from === 'staff').length
  const canReply = !closed && myName !== null
  const visitorName = conversation.name ?? 'Visitor'
  const details = [
    conversation.email ?? 'No e-mail given',
    conversation.currentPageTitle ? `on ${conversation.currentPageTitle}` : null,
    closed ? 'Closed' : 'Open',
  ].filter(Boolean)

  return (
    <>
      <StaffHeader title={conversation.name ?? 'Anonymous visitor'} subtitle={details.join(' · ')}>
        <Link to="/admin/chats" className={adminButtonClass}>
          All chats
        </Link>
        <Form method="post" action={`${base}/${closed ? 'reopen' : 'close'}`}>
          <StatusButton pending={statusPending} variant="outline" size="sm">
            {closed ? 'Reopen' : 'Close conversation'}
          </StatusButton>
        </Form>
      </StaffHeader>

      <p className="mt-3 text-sm text-slate-700">Answered by: {conversation.assignee?.name ?? 'nobody yet'}</p>

      {/* A task's refusal (the nested route that answered it) shows here, above the forms. */}
      <Outlet />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <Card title="Conversation">
            <ol aria-label="Transcript" className="mt-4 space-y-3">
              {conversation.messages.map((message) => (
                <ChatBubble key={message.id} message={message} visitorName={visitorName} />
              ))}
              <li id="latest" aria-hidden="true" />
            </ol>
          </Card>

          <Card title="Reply" id="reply">
            {closed ? (
              <p className="mt-3 text-slate-600">
                This conversation is closed. Reopen it to reply; it reopens by itself when the visitor writes again.
              </p>
            ) : myName === null ? (
              <Form method="post" action={`${base}/display-name`} className="mt-3 space-y-3">
                <p className="text-sm text-slate-700">
                  Before your first reply: visitors see the name of the person answering. It is kept on your account.
                </p>
                <label className="block text-sm font-medium text-slate-700">
                  Your name, as visitors will see it
                  <input name="name" required minLength={2} maxLength={DISPLAY_NAME_MAX} autoComplete="name" className={CONTROL_CLASS} />
                </label>
                <StatusButton pending={namePending} pendingText="Saving...">
                  Save my name
                </StatusButton>
              </Form>
            ) : (
              <Form key={staffMessages} method="post" action={`${base}/reply`} className="mt-3 space-y-3 print:hidden">
                {savedReplies.length > 0 ? (
                  <div>
                    <label htmlFor="saved-reply-choice" className="block text-sm font-medium text-slate-700">
                      Saved reply
                    </label>
                    <select
                      id="saved-reply-choice"
                      name="savedReply"
                      defaultValue={keptChoice.sent ?? ''}
                      aria-invalid={keptChoice.errors ? true : undefined}
                      aria-describedby={keptChoice.errors ? 'saved-reply-hint saved-reply-error' : 'saved-reply-hint'}
                      className={CONTROL_CLASS}
                      onChange={(event) => {
                        const chosen = savedReplies.find((reply) => reply.id === event.currentTarget.value)
                        if (chosen && replyBox.current) {
                          replyBox.current.value = chosen.text
                          replyBox.current.focus()
                        }
                      }}
                    >
                      <option value="">None: I write my own</option>
                      {savedReplies.map((reply) => (
                        <option key={reply.id} value={reply.id}>
                          {reply.title}
                        </option>
                      ))}
                    </select>
                    <p id="saved-reply-hint" className="mt-1 text-xs text-slate-500">
                      Fills the reply box to edit; sent as it is when the box is left empty.
                    </p>
                    {keptChoice.errors ? <FieldMessage id="saved-reply-error">{keptChoice.errors.join(' ')}</FieldMessage> : null}
                  </div>
                ) : null}
                <label htmlFor="reply-text" className="block text-sm font-medium text-slate-700">
                  Your reply
                </label>
                <textarea
                  id="reply-text"
                  ref={replyBox}
                  name="text"
                  rows={4}
                  maxLength={CHAT_LIMITS.message}
                  defaultValue={keptText.sent}
                  aria-invalid={keptText.errors ? true : undefined}
                  aria-describedby={keptText.errors ? 'reply-text-error' : undefined}
                  className={CONTROL_CLASS}
                />
                {keptText.errors ? <FieldMessage id="reply-text-error">{keptText.errors.join(' ')}</FieldMessage> : null}
                <p className="text-xs text-slate-500">{`Signed “${myName}”.`}</p>
                <StatusButton pending={replying && !sendingSaved} pendingText="Sending...">
                  Send reply
                </StatusButton>
              </Form>
            )}
          </Card>
        </div>

        <div className="min-w-0 space-y-6">
          <Card title="Who answers">
            <AssignForm
              action={`${base}/assign`}
              label="Answered by"
              selectId="chat-assignee"
              current={conversation.assignee?.id}
              owners={owners}
              me={me}
            />
          </Card>

          <Card title="Saved replies" id="saved-replies">
            <p className="mt-1 text-sm text-slate-600">Shared by the whole team, so everyone answers the same questions the same way.</p>
            {savedReplies.length === 0 ? (
              <p className="mt-3 text-slate-600">None yet.</p>
            ) : (
              <ul className="mt-3 space-y-3" aria-label="Saved replies">
                {savedReplies.map((reply) => (
                  <SavedReplyItem key={reply.id} reply={reply} base={base} canSend={canReply} sending={sendingSaved === reply.id} />
                ))}
              </ul>
            )}
            {savedReplies.length < SAVED_REPLIES_MAX ? (
              <details className="mt-4 rounded-lg border border-slate-200 p-3" open={savedReplies.length === 0}>
                <summary className="cursor-pointer text-sm font-semibold text-slate-800">Add a saved reply</summary>
                <Form key={savedReplies.length} method="post" action={`${base}/saved-replies`} className="mt-3 space-y-3">
                  <label className="block text-sm font-medium text-slate-700">
                    Title
                    <input name="title" required maxLength={SAVED_REPLY_TITLE_MAX} className={CONTROL_CLASS} />
                  </label>
                  <label className="block text-sm font-medium text-slate-700">
                    Text to send
                    <textarea name="text" required rows={4} maxLength={SAVED_REPLY_TEXT_MAX} className={CONTROL_CLASS} />
                  </label>
                  <StatusButton pending={savePending} pendingText="Saving..." variant="outline">
                    Save reply
                  </StatusButton>
                </Form>
              </details>
            ) : (
              <p className="mt-3 text-sm text-slate-600">The team keeps at most {SAVED_REPLIES_MAX}: delete one to add another.</p>
            )}
          </Card>
        </div>
      </div>
    </>
  )
}

function SavedReplyItem({
  reply,
  base,
  canSend,
  sending,
}: {
  reply: { id: string; title: string; text: string; author: string }
  base: string
  canSend: boolean
  sending: boolean
}) {
  const deleteAction = `${base}/saved-replies/${reply.id}/delete`
  const deleting = useIsPending({ formAction: deleteAction })
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="font-medium break-words text-slate-900">{reply.title}</p>
      <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-wrap text-slate-700">{reply.text}</p>
      <p className="mt-1 text-xs text-slate-500">Added by {reply.author}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {canSend ? (
          <Form method="post" action={`${base}/reply`}>
            <StatusButton
              name="savedReply"
              value={reply.id}
              pending={sending}
              pendingText="Sending..."
              variant="outline"
              size="sm"
              aria-label={`Send now: ${reply.title}`}
            >
              Send now
            </StatusButton>
          </Form>
        ) : null}
        <Form method="post" action={deleteAction}>
          <StatusButton
            pending={deleting}
            pendingText="Deleting..."
            variant="outline"
            size="sm"
            className="text-red-700"
            aria-label={`Delete: ${reply.title}`}
          >
            Delete
          </StatusButton>
        </Form>
      </div>
    </li>
  )
}
