import { Link } from 'react-router'
import { formatDollars } from '#app/domain/pricing'
import { StatTile } from './stat-tile'

export type SubscriptionFiguresData = {
  monthlyRecurringRevenue: number
  activeSubscriptions: number
  ms365Users: number
  pastDue: number
  canceledLast30Days: number
}

/** The business in five figures, each leading to the orders behind it where there is a list. */
export function SubscriptionFigures({ summary }: { summary: SubscriptionFiguresData }) {
  const figures = [
    { label: 'Monthly recurring revenue', value: formatDollars(summary.monthlyRecurringRevenue), href: '/admin/orders?status=paid' },
    { label: 'Active subscriptions', value: String(summary.activeSubscriptions), href: '/admin/orders?status=paid' },
    { label: 'Microsoft 365 users managed', value: String(summary.ms365Users), href: null },
    { label: 'Past due', value: String(summary.pastDue), href: '/admin/orders?status=past_due' },
    { label: 'Canceled in 30 days', value: String(summary.canceledLast30Days), href: '/admin/orders?status=canceled' },
  ]
  return (
    <section aria-label="Subscriptions" className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((figure) => (
        <StatTile
          key={figure.label}
          label={
            figure.href ? (
              <Link to={figure.href} className="underline decoration-slate-300 hover:text-brand-700">
                {figure.label}
              </Link>
            ) : (
              figure.label
            )
          }
          value={figure.value}
        />
      ))}
    </section>
  )
}
