import { Form, Link, useSearchParams } from 'react-router'
import { listStaffOrders } from '#app/orders/staff-orders.server'
import { MAX_SEARCH_LENGTH, countOrdersByFilter, monthsNewOrdersTotal } from '#app/orders/staff-subscriptions.server'
import { ORDER_FILTER_LABELS, ORDER_FILTERS, isOrderFilter } from '#app/domain/order-status'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass, RefreshLink } from '#app/components/staff/admin-buttons'
import { OrderStatusBadge } from '#app/components/staff/order-status-badge'
import { Pagination } from '#app/components/staff/pagination'
import { StaffTable } from '#app/components/staff/staff-table'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { buyerName, describeOrderOptions } from '#app/domain/order-display'
import { formatDollars } from '#app/domain/pricing'
import { formatCount } from '#app/domain/plural'
import { pageMeta } from '#app/domain/seo'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: 'Orders', description: 'Plan orders.', path: '/admin/orders', siteUrl: loaderData?.siteUrl ?? '', noindex: true })

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const page = Number(url.searchParams.get('page') ?? '1') || 1
  const status = url.searchParams.get('status')
  const filter = isOrderFilter(status) ? status : null
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
  const [list, counts, monthTotal] = await Promise.all([
    listStaffOrders({ page, filter, search }),
    countOrdersByFilter(search),
    monthsNewOrdersTotal(),
  ])
  return { siteUrl: getEnv().SITE_URL, ...list, counts, monthTotal, filter, search }
}

/** The search box's limit, as the server cuts it (the constant itself is server-only). */
const MAX_SEARCH_LENGTH_CLIENT = 100

const ORDER_COLUMNS = [
  { label: 'Date' },
  { label: 'Customer' },
  { label: 'Plan' },
  { label: 'Options' },
  { label: 'Seats' },
  { label: 'Amount / month', align: 'right' as const },
  { label: 'Status' },
  { label: 'Action' },
]

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const searching = useIsPending({ formMethod: 'GET' })
  const { orders, total, page, pageCount, counts, monthTotal, filter, search } = loaderData
  const [searchParams] = useSearchParams()
  const tabHref = (tab: string | null) => {
    const params = new URLSearchParams()
    if (tab) params.set('status', tab)
    if (search) params.set('q', search)
    const query = params.toString()
    return query ? `?${query}` : '?'
  }
  const exportParams = new URLSearchParams()
  if (filter) exportParams.set('status', filter)
  if (search) exportParams.set('q', search)
  return (
    <>
      <StaffHeader title="Orders">
        <RefreshLink />
      </StaffHeader>
      <Card
        region
        headingId="orders-heading"
        title={filter ? `${ORDER_FILTER_LABELS[filter]} orders` : 'All Orders'}
        actions={
          <p className="text-sm text-slate-600">
            New this month: <strong className="text-slate-900 tabular-nums">{formatDollars(monthTotal)}</strong> per month
          </p>
        }
        className="mt-8"
      >
        <nav aria-label="Order status" className="mt-4 flex flex-wrap gap-2 text-sm">
          {[null, ...ORDER_FILTERS].map((tab) => {
            const current = tab === filter
            return (
              <Link
                key={tab ?? 'all'}
                to={tabHref(tab)}
                aria-current={current ? 'page' : undefined}
                className={`rounded-full border px-3 py-1 ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
              >
                {tab ? ORDER_FILTER_LABELS[tab] : 'All'} <span className="tabular-nums">({counts[tab ?? 'all']})</span>
              </Link>
            )
          })}
        </nav>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
            {filter ? <input type="hidden" name="status" value={filter} /> : null}
            <div>
              <label htmlFor="order-search" className="block text-sm font-medium text-slate-700">
                Search by name or e-mail
              </label>
              <input
                id="order-search"
                type="search"
                name="q"
                defaultValue={search}
                maxLength={MAX_SEARCH_LENGTH_CLIENT}
                className="mt-1 w-64 max-w-full rounded-md border border-slate-300 px-3 py-1.5"
              />
            </div>
            <StatusButton pending={searching} variant="outline" size="sm">
              Search
            </StatusButton>
          </Form>
          <a href={`/admin/orders/export${exportParams.size ? `?${exportParams.toString()}` : ''}`} className={adminButtonClass} download>
            Export CSV
          </a>
        </div>
        {orders.length === 0 ? (
          <p className="mt-6 text-slate-600">
            {filter || search ? 'No orders match.' : 'No orders yet. Orders appear here when customers check out a plan.'}
          </p>
        ) : (
          <StaffTable columns={ORDER_COLUMNS} footnote={formatCount(total, 'order')}>
            {orders.map((order) => (
              <tr key={order.id} className="border-b border-slate-100">
                <td className="py-2 pr-4 whitespace-nowrap">{formatAdminDate(order.createdAt)}</td>
                <td className="py-2 pr-4">
                  {buyerName(order)}
                  <br />
                  <span className="text-slate-500">{order.email}</span>
                </td>
                <td className="py-2 pr-4">{order.planName}</td>
                <td className="py-2 pr-4">{describeOrderOptions(order)}</td>
                <td className="py-2 pr-4">{order.ms365Option === 'none' ? '—' : order.ms365Users}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatDollars(order.amount)}</td>
                <td className="py-2 pr-4">
                  <OrderStatusBadge status={order.status} />
                  {order.subscription?.cancelAtPeriodEnd && order.status !== 'canceled' ? (
                    <span className="mt-1 block text-xs text-slate-600">cancels at period end</span>
                  ) : null}
                </td>
                <td className="py-2">
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="text-brand-700 underline"
                    aria-label={`View order from ${buyerName(order)}`}
                  >
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Order pages" />
      </Card>
    </>
  )
}
