import { Link, useSearchParams } from 'react-router'
import { listStaffOrders } from '#app/orders/staff-orders.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass, RefreshLink } from '#app/components/staff/admin-buttons'
import { OrderStatusBadge } from '#app/components/staff/order-status-badge'
import { Pagination } from '#app/components/staff/pagination'
import { StaffTable } from '#app/components/staff/staff-table'
import { StaffHeader } from '#app/components/staff/staff-header'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { buyerName, describeOrderOptions } from '#app/domain/order-display'
import { formatDollars } from '#app/domain/pricing'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: 'Orders', description: 'Plan orders.', path: '/admin/orders', siteUrl: loaderData?.siteUrl ?? '', noindex: true })

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1') || 1
  return { siteUrl: getEnv().SITE_URL, ...(await listStaffOrders({ page })) }
}

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
  const { orders, total, page, pageCount } = loaderData
  const [searchParams] = useSearchParams()
  return (
    <>
      <StaffHeader title="Orders">
        <Link to="/admin" className={adminButtonClass}>
          Back to Admin
        </Link>
        <RefreshLink />
      </StaffHeader>
      <section aria-labelledby="orders-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="orders-heading" className="text-xl font-semibold text-slate-900">
          All Orders
        </h2>
        {orders.length === 0 ? (
          <p className="mt-6 text-slate-600">No orders yet. Orders appear here when customers check out a plan.</p>
        ) : (
          <StaffTable columns={ORDER_COLUMNS} footnote={`${total} orders`}>
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
      </section>
    </>
  )
}
