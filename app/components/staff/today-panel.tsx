import { Link } from 'react-router'
import type { ConsoleToday } from '#app/staff/console-today.server'

function plural(count: number, one: string, many: string) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

function Tile({
  figure,
  label,
  detail,
  link,
  linkLabel,
  urgent,
}: {
  figure: number
  label: string
  detail?: string
  link: string
  linkLabel: string
  urgent?: boolean
}) {
  return (
    <li className={`flex flex-col rounded-xl border bg-white p-4 shadow-sm ${urgent ? 'border-amber-400' : 'border-slate-200'}`}>
      <p className="text-3xl font-bold text-slate-900 tabular-nums">{figure.toLocaleString('en-US')}</p>
      <p className="mt-1 font-medium text-slate-700">{label}</p>
      {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
      <Link to={link} className="mt-auto pt-3 text-sm font-semibold text-brand-700 underline">
        {linkLabel}
      </Link>
    </li>
  )
}

/** The dashboard's first lines: what waits for an answer today, and how busy the site is. */
export function TodayPanel({ today }: { today: ConsoleToday }) {
  return (
    <section aria-labelledby="today-heading" className="mt-6 mb-8">
      <h2 id="today-heading" className="sr-only">
        Today’s work
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          figure={today.newEnquiries}
          label={today.newEnquiries === 1 ? 'New enquiry' : 'New enquiries'}
          detail="Not yet answered"
          link="/admin/enquiries?status=new"
          linkLabel="Triage enquiries"
          urgent={today.newEnquiries > 0}
        />
        <Tile
          figure={today.chatsWaiting}
          label={today.chatsWaiting === 1 ? 'Chat waiting' : 'Chats waiting'}
          detail="Open, last word the visitor’s"
          link="/admin/chats"
          linkLabel="Answer chats"
          urgent={today.chatsWaiting > 0}
        />
        <Tile
          figure={today.ordersToday}
          label={today.ordersToday === 1 ? 'New order today' : 'New orders today'}
          detail={today.ordersPastDue > 0 ? `${plural(today.ordersPastDue, 'order', 'orders')} past due` : undefined}
          link="/admin/orders"
          linkLabel="View Orders"
          urgent={today.ordersPastDue > 0}
        />
        <Tile
          figure={today.visitors24h}
          label={today.visitors24h === 1 ? 'Visitor, last 24 hours' : 'Visitors, last 24 hours'}
          detail={plural(today.requests24h, 'request', 'requests')}
          link="/admin/logs"
          linkLabel="View Access Logs"
        />
      </ul>
    </section>
  )
}
