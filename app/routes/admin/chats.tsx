import { Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { listConversations } from '#app/chat/staff-chat.server'
import { RefreshLink } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { withUnreadCount } from '#app/components/staff/chat-title-count'
import { Card } from '#app/components/staff/card'
import { useLiveRevalidation } from '#app/components/chat/use-live-revalidation'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { INBOX_FILTER_LABELS, INBOX_FILTERS, readInboxFilter } from '#app/domain/chat-inbox'
import { messageSnippet } from '#app/domain/enquiry'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/chats'

// /admin/chats: support conversations, newest activity first, filtered by ?show= (all, open, mine,
// closed). Each shows the visitor's own last message, the page they are on by its title, who
// answers it and what is unread. With JavaScript new messages and conversations arrive live (the
// page reloads its data on each event) and the title bar counts unread messages.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: withUnreadCount('Chats', loaderData?.unread ?? 0),
    description: 'Support chats.',
    path: '/admin/chats',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAdmin(request)
  const show = readInboxFilter(new URL(request.url).searchParams.get('show'))
  const conversations = await listConversations({ show, staffId: staff.id })
  return { siteUrl: getEnv().SITE_URL, show, conversations, unread: conversations.reduce((sum, each) => sum + each.unread, 0) }
}

const EMPTY: Record<string, string> = {
  all: 'No chats yet. Conversations appear here as soon as a visitor writes.',
  open: 'No open conversations.',
  mine: 'No conversations are assigned to you.',
  closed: 'No closed conversations.',
}

export default function AdminChats({ loaderData }: Route.ComponentProps) {
  const { conversations, show } = loaderData
  useLiveRevalidation('/api/admin/chats/events')
  return (
    <>
      <StaffHeader title="Chats">
        <RefreshLink />
      </StaffHeader>
      <nav aria-label="Show conversations" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {INBOX_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={filter === 'all' ? '/admin/chats' : `/admin/chats?show=${filter}`}
                aria-current={filter === show ? 'page' : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${
                  filter === show
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {INBOX_FILTER_LABELS[filter]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Card region headingId="chats-heading" title="Conversations" frame="from-sm" className="mt-6">
        {conversations.length === 0 ? (
          <p className="mt-4 text-slate-600">{EMPTY[show]}</p>
        ) : (
          <ul className="mt-4 space-y-3 sm:space-y-0 sm:divide-y sm:divide-slate-100" aria-label="Conversations">
            {conversations.map((conversation) => {
              const preview = conversation.lastVisitorMessage
              return (
                <li key={conversation.id} data-conversation={conversation.id}>
                  <Link
                    to={`/admin/chats/${conversation.id}`}
                    className="block min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:bg-slate-50 sm:rounded-none sm:border-0 sm:bg-transparent sm:px-2 sm:py-3 sm:shadow-none"
                  >
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-semibold break-words text-slate-900">{conversation.name ?? 'Anonymous visitor'}</span>
                      {conversation.unread > 0 ? (
                        <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread">
                          {conversation.unread} unread
                        </span>
                      ) : null}
                      {conversation.awaitingReply ? (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Awaiting reply</span>
                      ) : null}
                      {conversation.status === 'closed' ? (
                        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800">Closed</span>
                      ) : null}
                      <span className="text-sm text-slate-600 sm:ml-auto">{formatAdminDate(conversation.updatedAt)}</span>
                    </span>
                    <span className="mt-1 block text-slate-800 [overflow-wrap:anywhere]" data-testid="preview">
                      {preview ? messageSnippet(preview.text, 140) : 'No message yet'}
                    </span>
                    <span className="mt-1 block text-sm text-slate-600 [overflow-wrap:anywhere]">
                      {[
                        conversation.currentPageTitle ? `on ${conversation.currentPageTitle}` : null,
                        conversation.email,
                        conversation.assignee ? `answered by ${conversation.assignee.name}` : 'nobody assigned',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
      </Card>
    </>
  )
}
