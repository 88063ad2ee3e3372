import { Link } from 'react-router'
import type { CustomerChat } from '#app/chat/customer-chats.server'
import type { CustomerEnquiry } from '#app/enquiries/customer-enquiries.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { serviceLabel } from '#app/domain/contact-form-fields'
import { Card } from './card'
import { EnquiryStatusBadge } from './enquiry-status-badge'

type Listed<T> = { items: T[]; total: number }

/** The same customer's enquiries and chats (by e-mail), each linking to its page: the order in context. */
export function CustomerHistory({
  email,
  enquiries,
  chats,
}: {
  email: string
  enquiries: Listed<CustomerEnquiry>
  chats: Listed<CustomerChat>
}) {
  const allEnquiries = `/admin/enquiries?${new URLSearchParams({ q: email })}`
  return (
    <Card region headingId="customer-history-heading" title={<>The customer&rsquo;s enquiries and chats</>} className="mt-8">
      <p className="mt-1 text-sm break-all text-slate-600">Everything sent from {email}, newest first.</p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">
            Enquiries <span className="font-normal text-slate-600 tabular-nums">({enquiries.total})</span>
          </h3>
          {enquiries.items.length === 0 ? (
            <p className="mt-2 text-slate-600">None.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {enquiries.items.map((enquiry) => (
                <li key={enquiry.id} className="py-2">
                  <Link to={`/admin/enquiries/${enquiry.id}`} className="block rounded hover:bg-slate-50">
                    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <EnquiryStatusBadge status={enquiry.status} />
                      <span>
                        {formatAdminDate(enquiry.createdAt)}
                        {enquiry.service ? ` · ${serviceLabel(enquiry.service)}` : ''}
                      </span>
                    </span>
                    <span className="mt-1 block break-words text-brand-700 underline">{enquiry.snippet || 'Open the enquiry'}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {enquiries.total > enquiries.items.length ? (
            <p className="mt-2 text-sm">
              <Link to={allEnquiries} className="text-brand-700 underline">
                See all {enquiries.total} enquiries
              </Link>
            </p>
          ) : null}
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">
            Chats <span className="font-normal text-slate-600 tabular-nums">({chats.total})</span>
          </h3>
          {chats.items.length === 0 ? (
            <p className="mt-2 text-slate-600">None.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {chats.items.map((chat) => (
                <li key={chat.id} className="py-2">
                  <Link to={`/admin/chats/${chat.id}`} className="block rounded hover:bg-slate-50">
                    <span className="block text-sm text-slate-600">
                      {chat.status === 'open' ? 'Open' : 'Closed'} · last active {formatAdminDate(chat.updatedAt)}
                    </span>
                    <span className="mt-1 block break-words text-brand-700 underline">
                      Chat with {chat.name ?? 'the visitor'}
                      {chat.currentPage ? ` on ${chat.currentPage}` : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {chats.total > chats.items.length ? (
            <p className="mt-2 text-sm">
              <Link to="/admin/chats" className="text-brand-700 underline">
                {chats.total - chats.items.length} older chats in the inbox
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  )
}
