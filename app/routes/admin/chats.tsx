import { Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { listConversations } from '#app/chat/staff-chat.server'
import { RefreshLink } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { withUnreadCount } from '#app/components/staff/chat-title-count'
import { useLiveRevalidation } from '#app/components/chat/use-live-revalidation'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/chats'

// /admin/chats: support conversations, newest activity first, with unread counts, the
// visitor's name, e-mail and current page. With JavaScript new messages and conversations arrive
// live (the page reloads its data on each event) and the title bar counts unread messages.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: withUnreadCount('Chats', loaderData?.unread ?? 0),
    description: 'Support chats.',
    path: '/admin/chats',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const conversations = await listConversations()
  return { siteUrl: getEnv().SITE_URL, conversations, unread: conversations.reduce((sum, each) => sum + each.unread, 0) }
}

export default function AdminChats({ loaderData }: Route.ComponentProps) {
  const { conversations } = loaderData
  useLiveRevalidation('/api/admin/chats/events')
  return (
    <>
      <StaffHeader title="Chats">
        <RefreshLink />
      </StaffHeader>
      <section aria-labelledby="chats-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="chats-heading" className="text-xl font-semibold text-slate-900">
          Conversations
        </h2>
        {conversations.length === 0 ? (
          <p className="mt-6 text-slate-600">No chats yet. Conversations appear here as soon as a visitor writes.</p>
        ) : (
          <ul className="mt-6 divide-y divide-slate-100" aria-label="Conversations">
            {conversations.map((conversation) => (
              <li key={conversation.id} data-conversation={conversation.id}>
                <Link
                  to={`/admin/chats/${conversation.id}`}
                  className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3 hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900">{conversation.name ?? 'Anonymous visitor'}</span>
                  {conversation.email ? <span className="text-slate-600">{conversation.email}</span> : null}
                  {conversation.unread > 0 ? (
                    <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread">
                      {conversation.unread} unread
                    </span>
                  ) : null}
                  {conversation.status === 'closed' ? <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs">Closed</span> : null}
                  <span className="text-sm text-slate-500">
                    {conversation.currentPage ? `on ${conversation.currentPage} · ` : ''}
                    {formatAdminDate(conversation.updatedAt)}
                  </span>
                  {conversation.lastMessage ? (
                    <span className="w-full truncate text-sm text-slate-600">
                      {conversation.lastMessage.from === 'visitor' ? '' : `${conversation.lastMessage.staffName ?? 'Note'}: `}
                      {conversation.lastMessage.text}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
