import { Link } from 'react-router'
import type { FoundConversation, FoundMessage, PersonalData } from '#app/privacy/personal-data.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { isOrderStatus } from '#app/domain/order-status'
import { formatDollars } from '#app/domain/pricing'
import { AUDIT_KIND_LABELS } from '#app/domain/audit'
import { describeCount, type PrivacyCounts, PRIVACY_KINDS } from '#app/domain/privacy'
import { Card } from './card'
import { OrderStatusBadge } from './order-status-badge'
import { type StaffColumn, StaffTable } from './staff-table'

// The owners' personal-data page: what is held under one address, by kind, and what an erase
// will do with each. Plain markup and links only, so it reads the same without JavaScript.

const cell = 'py-2 pr-4 align-top'
const textCell = `${cell} min-w-64 max-w-md whitespace-pre-wrap break-words`

const KIND_SECTIONS: Record<(typeof PRIVACY_KINDS)[number], string> = {
  enquiries: 'found-enquiries',
  conversations: 'found-conversations',
  messages: 'found-conversations',
  orders: 'found-orders',
  outbox: 'found-outbox',
  audit: 'found-audit',
}

function columns(labels: string[]): StaffColumn[] {
  return labels.map((label) => ({ label }))
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card id={id} region headingId={`${id}-heading`} title={title} className="mt-8">
      {children}
    </Card>
  )
}

/** The counts by kind, each linking to its list. */
export function FoundSummary({ counts }: { counts: PrivacyCounts }) {
  return (
    <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-3" data-testid="privacy-counts">
      {PRIVACY_KINDS.map((kind) => (
        <li key={kind} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
          {counts[kind] > 0 ? (
            <a href={`#${KIND_SECTIONS[kind]}`} className="font-medium text-brand-700 underline">
              {describeCount(kind, counts[kind])}
            </a>
          ) : (
            <span className="text-slate-600">{describeCount(kind, 0)}</span>
          )}
        </li>
      ))}
    </ul>
  )
}

function MentionNote() {
  return <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">mentions it</span>
}

function MessageList({ messages }: { messages: FoundMessage[] }) {
  return (
    <ol className="mt-3 space-y-2">
      {messages.map((message) => (
        <li key={message.id} className="rounded-md bg-slate-50 p-2 text-sm">
          <p className="text-xs text-slate-600">
            {message.from === 'staff'
              ? `Staff${message.staffName ? ` (${message.staffName})` : ''}`
              : message.from === 'visitor'
                ? 'Visitor'
                : 'Automatic'}{' '}
            · {formatAdminDate(message.at)}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{message.text}</p>
        </li>
      ))}
    </ol>
  )
}

function ConversationCard({ conversation }: { conversation: FoundConversation }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="found-conversation">
      <p className="text-sm text-slate-900">
        <span className="font-semibold">{conversation.name ?? 'No name given'}</span>
        {conversation.email ? ` · ${conversation.email}` : ''} · {conversation.status}
      </p>
      <p className="text-xs text-slate-600">
        Started {formatAdminDate(conversation.createdAt)}, last activity {formatAdminDate(conversation.updatedAt)} ·{' '}
        <Link to={`/admin/chats/${conversation.id}`} className="text-brand-700 underline">
          Open conversation
        </Link>
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          {conversation.messages.length === 1 ? '1 message' : `${conversation.messages.length} messages`}
        </summary>
        <MessageList messages={conversation.messages} />
      </details>
    </li>
  )
}

function mailSubject(payload: unknown) {
  if (payload && typeof payload === 'object' && 'subject' in payload && typeof payload.subject === 'string') return payload.subject
  return null
}

/** Every record found, a section per kind (kinds with nothing are left out). */
export function FoundRecords({ found }: { found: PersonalData }) {
  return (
    <>
      {found.enquiries.length > 0 ? (
        <Section id="found-enquiries" title="Enquiries">
          <StaffTable columns={columns(['Received', 'Name', 'E-mail', 'Phone', 'Message'])}>
            {found.enquiries.map((enquiry) => (
              <tr key={enquiry.id} className="border-b border-slate-100" data-testid="found-enquiry">
                <td className={`${cell} whitespace-nowrap`}>{formatAdminDate(enquiry.createdAt)}</td>
                <td className={cell}>
                  {enquiry.name}
                  {enquiry.mentionOnly ? <MentionNote /> : null}
                </td>
                <td className={`${cell} whitespace-nowrap`}>{enquiry.email}</td>
                <td className={`${cell} whitespace-nowrap`}>{enquiry.phone ?? '—'}</td>
                <td className={textCell}>{enquiry.message}</td>
              </tr>
            ))}
          </StaffTable>
        </Section>
      ) : null}

      {found.conversations.length > 0 || found.mentions.length > 0 ? (
        <Section id="found-conversations" title="Chat conversations and messages">
          {found.conversations.length > 0 ? (
            <ul className="mt-4 space-y-3">
              {found.conversations.map((conversation) => (
                <ConversationCard key={conversation.id} conversation={conversation} />
              ))}
            </ul>
          ) : null}
          {found.mentions.length > 0 ? (
            <>
              <h3 className="mt-6 font-semibold text-slate-900">Messages in other people’s conversations that mention it</h3>
              <MessageList messages={found.mentions} />
            </>
          ) : null}
        </Section>
      ) : null}

      {found.orders.length > 0 ? (
        <Section id="found-orders" title="Orders">
          <StaffTable columns={columns(['Placed', 'Plan', 'Amount', 'Status', 'Stripe customer', 'Buyer'])}>
            {found.orders.map((order) => (
              <tr key={order.id} className="border-b border-slate-100" data-testid="found-order">
                <td className={`${cell} whitespace-nowrap`}>
                  <Link to={`/admin/orders/${order.id}`} className="text-brand-700 underline">
                    {formatAdminDate(order.createdAt)}
                  </Link>
                </td>
                <td className={cell}>{order.planName}</td>
                <td className={`${cell} whitespace-nowrap`}>{formatDollars(order.amount)}/mo</td>
                <td className={cell}>{isOrderStatus(order.status) ? <OrderStatusBadge status={order.status} /> : order.status}</td>
                <td className={`${cell} font-mono text-xs break-all`}>{order.customerId ?? '—'}</td>
                <td className={`${cell} min-w-48 break-words`}>{[order.name, order.email, order.phone].filter(Boolean).join(' · ')}</td>
              </tr>
            ))}
          </StaffTable>
        </Section>
      ) : null}

      {found.outbox.length > 0 ? (
        <Section id="found-outbox" title="Outbox messages">
          <StaffTable columns={columns(['Queued', 'Channel', 'Status', 'About', 'Subject'])}>
            {found.outbox.map((message) => (
              <tr key={message.id} className="border-b border-slate-100" data-testid="found-outbox">
                <td className={`${cell} whitespace-nowrap`}>{formatAdminDate(message.createdAt)}</td>
                <td className={cell}>{message.channel === 'email' ? 'E-mail' : 'Teams'}</td>
                <td className={cell}>{message.status}</td>
                <td className={`${cell} font-mono text-xs break-all`}>{message.subject}</td>
                <td className={`${cell} min-w-48 break-words`}>{mailSubject(message.payload) ?? '—'}</td>
              </tr>
            ))}
          </StaffTable>
        </Section>
      ) : null}

      {found.audit.length > 0 ? (
        <Section id="found-audit" title="Audit entries that name it">
          <StaffTable columns={columns(['Time (ET)', 'Actor', 'Kind', 'Action', 'Target'])}>
            {found.audit.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-100" data-testid="found-audit">
                <td className={`${cell} whitespace-nowrap`}>{formatAdminDate(entry.at)}</td>
                <td className={cell}>{entry.actor ?? '—'}</td>
                <td className={cell}>{AUDIT_KIND_LABELS[entry.kind] ?? entry.kind}</td>
                <td className={`${cell} min-w-48 break-words`}>{entry.action}</td>
                <td className={`${cell} font-mono text-xs break-all`}>{entry.target ?? ''}</td>
              </tr>
            ))}
          </StaffTable>
        </Section>
      ) : null}
    </>
  )
}

/** What an erase will do with each kind, in words, for the confirmation. */
export function eraseConsequences(found: PersonalData): string[] {
  const own = found.enquiries.filter((enquiry) => !enquiry.mentionOnly).length
  const mentioning = found.enquiries.length - own
  const messages = found.conversations.reduce((sum, conversation) => sum + conversation.messages.length, 0)
  const pending = found.outbox.filter((message) => message.status !== 'sent').length
  const lines: string[] = []
  if (own > 0) lines.push(`${describeCount('enquiries', own)} deleted.`)
  if (mentioning > 0) lines.push(`${describeCount('enquiries', mentioning)} of other people keep their text, with the address taken out.`)
  if (found.conversations.length > 0)
    lines.push(
      `${describeCount('conversations', found.conversations.length)} deleted with ${describeCount('messages', messages)}, their e-mailed resume links and live-feed entries.`,
    )
  if (found.mentions.length > 0)
    lines.push(`${describeCount('messages', found.mentions.length)} in other conversations keep their text, with the address taken out.`)
  if (found.outbox.length > 0)
    lines.push(`${describeCount('outbox', found.outbox.length)} deleted${pending > 0 ? `, ${pending} of them not yet delivered` : ''}.`)
  if (found.orders.length > 0)
    lines.push(
      `${describeCount('orders', found.orders.length)} anonymised: the name, e-mail and phone are removed; the plan, amounts, dates and Stripe ids are kept, because invoices must be kept for accounting.`,
    )
  if (found.audit.length > 0) lines.push(`${describeCount('audit', found.audit.length)} kept, with the address replaced.`)
  return lines
}
