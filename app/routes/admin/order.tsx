import { data, Form, Link } from 'react-router'
import { changeOrderStatus, findStaffOrder } from '#app/orders/staff-orders.server'
import { enquiriesOfCustomer } from '#app/enquiries/customer-enquiries.server'
import { chatsOfCustomer } from '#app/chat/customer-chats.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { CustomerHistory } from '#app/components/staff/customer-history'
import { OrderStatusBadge, orderStatusWords } from '#app/components/staff/order-status-badge'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { buyerName, describeOrderOptions } from '#app/domain/order-display'
import { formatDollars } from '#app/domain/pricing'
import { allowedNextStatuses, isOrderStatus } from '#app/domain/order-status'
import { pageMeta } from '#app/domain/seo'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({
    title: 'Order details',
    description: 'One order.',
    path: `/admin/orders/${params.orderId}`,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

/** The customer's enquiries and chats listed on the page; the rest are a link away. */
const CUSTOMER_HISTORY_LISTED = 10

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const order = await findStaffOrder(params.orderId)
  invariantResponse(order, 'Order not found', 404)
  const key = getEnv().STRIPE_SECRET_KEY ?? ''
  // Stripe's dashboard keeps test-mode objects under /test.
  const stripeDashboard = `https://dashboard.stripe.com${/^(sk|rk)_test_/.test(key) ? '/test' : ''}`
  const email = order.email ?? ''
  const [enquiries, chats] = await Promise.all([
    enquiriesOfCustomer(email, CUSTOMER_HISTORY_LISTED),
    chatsOfCustomer(email, CUSTOMER_HISTORY_LISTED),
  ])
  return {
    siteUrl: getEnv().SITE_URL,
    order,
    nextStatuses: allowedNextStatuses(order.status),
    stripeDashboard,
    history: email ? { email, enquiries, chats } : null,
  }
}

/** Canceling a running subscription's order by hand does not stop Stripe's billing: staff confirm they know. */
function needsMoneyConfirmation(order: { status: string; stripeSubscriptionId?: string | null }, to: string) {
  return to === 'canceled' && Boolean(order.stripeSubscriptionId) && (order.status === 'paid' || order.status === 'past_due')
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  const form = await readFormWithLimit(request, BODY_LIMITS.orderStatus)
  const status = form.get('status')
  if (!isOrderStatus(status)) return data({ error: 'Choose a status from the list.' }, { status: 400 })
  const current = await findStaffOrder(params.orderId)
  invariantResponse(current, 'Order not found', 404)
  if (needsMoneyConfirmation(current, status) && form.get('confirm') !== 'yes')
    return data(
      { error: 'Tick the box to confirm: marking the order canceled here does not stop Stripe billing the customer.' },
      { status: 400 },
    )
  const change = await changeOrderStatus(params.orderId, status, { actor, context })
  invariantResponse(change.outcome !== 'not-found', 'Order not found', 404)
  if (change.outcome === 'not-allowed') {
    return data(
      { error: `An order that is ${change.from} can't become ${status}. The page now shows its current status.` },
      { status: 409 },
    )
  }
  if (change.outcome === 'changed-meanwhile') {
    return data({ error: 'The order changed meanwhile. The page now shows its current status; please try again.' }, { status: 409 })
  }
  return redirectWithToast(`/admin/orders/${params.orderId}`, {
    title: 'Order updated',
    description: `The order is now ${status}.`,
    action: { label: 'All orders', href: '/admin/orders' },
  })
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, nextStatuses, stripeDashboard, history } = loaderData
  const saving = useIsPending()
  const subscription = order.subscription ?? null
  // Orders stored before subscriptions were followed have no invoices field.
  const invoices = order.invoices ?? []
  const running = order.status === 'paid' || order.status === 'past_due'
  const moneyAtStake = Boolean(order.stripeSubscriptionId) && running
  return (
    <div className="max-w-3xl">
      <StaffHeader title={`Order from ${buyerName(order)}`}>
        <Link to="/admin/orders" className={adminButtonClass}>
          Back to Orders
        </Link>
      </StaffHeader>
      <Card aria-label="Order details" className="mt-8">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">Status</dt>
          <dd data-testid="order-status">
            <OrderStatusBadge status={order.status} />
          </dd>
          <dt className="font-medium text-slate-600">Placed</dt>
          <dd>{formatAdminDate(order.createdAt)}</dd>
          <dt className="font-medium text-slate-600">Customer</dt>
          <dd>{buyerName(order)}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd>
            {order.email ? (
              <a className="text-brand-700 underline" href={`mailto:${order.email}`}>
                {order.email}
              </a>
            ) : (
              'Not known yet'
            )}
          </dd>
          <dt className="font-medium text-slate-600">Phone</dt>
          <dd>{order.phone ?? 'Not provided'}</dd>
          <dt className="font-medium text-slate-600">Plan</dt>
          <dd>{order.planName}</dd>
          <dt className="font-medium text-slate-600">Options</dt>
          <dd>{describeOrderOptions(order)}</dd>
          <dt className="font-medium text-slate-600">Seats</dt>
          <dd>{order.ms365Option === 'none' ? 'Not applicable' : order.ms365Users}</dd>
          <dt className="font-medium text-slate-600">Amount</dt>
          <dd>{formatDollars(order.amount)} per month</dd>
          <dt className="font-medium text-slate-600">Payment reference</dt>
          <dd className="break-all">{order.paymentId ?? 'None yet'}</dd>
          {order.stripeCustomerId ? (
            <>
              <dt className="font-medium text-slate-600">In Stripe</dt>
              <dd className="flex flex-wrap gap-x-4 print:hidden">
                <a
                  className="text-brand-700 underline"
                  href={`${stripeDashboard}/customers/${order.stripeCustomerId}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  Customer
                </a>
                {order.stripeSubscriptionId ? (
                  <a
                    className="text-brand-700 underline"
                    href={`${stripeDashboard}/subscriptions/${order.stripeSubscriptionId}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Subscription
                  </a>
                ) : null}
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card region headingId="subscription-heading" title="Subscription" className="mt-8">
        {subscription ? (
          <>
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-slate-600">In Stripe</dt>
              <dd data-testid="subscription-status">{subscription.status.replace(/_/g, ' ')}</dd>
              <dt className="font-medium text-slate-600">{subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt>
              <dd>{subscription.currentPeriodEnd ? formatAdminDate(subscription.currentPeriodEnd) : 'Not known yet'}</dd>
            </dl>
            {running ? (
              <p className="mt-4 print:hidden">
                {subscription.cancelAtPeriodEnd ? (
                  <Link className={adminButtonClass} to={`/admin/orders/${order.id}/resume`}>
                    Resume
                  </Link>
                ) : (
                  <Link className={adminButtonClass} to={`/admin/orders/${order.id}/cancel`}>
                    Cancel at period end
                  </Link>
                )}
              </p>
            ) : null}
          </>
        ) : (
          <p className="mt-4 text-slate-600">Stripe has not reported a subscription for this order yet.</p>
        )}
        <h3 className="mt-6 font-semibold text-slate-900">Invoices</h3>
        {invoices.length === 0 ? (
          <p className="mt-2 text-slate-600">None yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {invoice.url ? (
                    <a className="text-brand-700 underline" href={invoice.url} target="_blank" rel="noreferrer">
                      {invoice.number ?? invoice.id}
                    </a>
                  ) : (
                    (invoice.number ?? invoice.id)
                  )}{' '}
                  <span className="text-slate-600">
                    {invoice.paidAt
                      ? `${invoice.status === 'paid' ? '' : `${invoice.status}, `}paid ${formatAdminDate(invoice.paidAt)}`
                      : invoice.status}
                  </span>
                </span>
                <span className="tabular-nums">{formatDollars(invoice.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {history ? <CustomerHistory {...history} /> : null}
      <Card region headingId="status-heading" title="Change status" className="mt-8 print:hidden">
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-700">
            {actionData.error}
          </p>
        ) : null}
        {nextStatuses.length === 0 ? (
          <p className="mt-4 text-slate-600">A {orderStatusWords(order.status)} order can't change status any more.</p>
        ) : (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="status" className="block text-sm font-medium text-slate-800">
                New status
              </label>
              <select id="status" name="status" className="mt-1 rounded-md border border-slate-300 px-3 py-2">
                {nextStatuses.map((status) => (
                  <option key={status} value={status}>
                    {orderStatusWords(status)}
                  </option>
                ))}
              </select>
            </div>
            {moneyAtStake ? (
              <p className="w-full text-sm text-slate-700">
                Marking this order canceled changes only our record: Stripe keeps billing the customer. To stop billing, use &ldquo;Cancel
                at period end&rdquo; above.{' '}
                <label className="mt-2 flex items-center gap-2">
                  <input type="checkbox" name="confirm" value="yes" /> I understand; change only our record
                </label>
              </p>
            ) : null}
            <StatusButton pending={saving} pendingText="Saving..." size="sm">
              Update status
            </StatusButton>
          </Form>
        )}
      </Card>
    </div>
  )
}
