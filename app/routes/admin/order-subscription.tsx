import { data, Form, Link } from 'react-router'
import { StaffHeader } from '#app/components/staff/staff-header'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { Card } from '#app/components/staff/card'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { formatAdminDate } from '#app/domain/admin-format'
import { buyerName } from '#app/domain/order-display'
import { formatDollars } from '#app/domain/pricing'
import { pageMeta } from '#app/domain/seo'
import { getEnv } from '#app/lib/config/env.server'
import { getStripe } from '#app/integrations/stripe-client.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { invariantResponse } from '#app/lib/http/responses.server'
import { log } from '#app/lib/observability/logger.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import { isStripeError } from '#app/orders/orders.server'
import { findOrderDetail, setCancelAtPeriodEnd } from '#app/orders/staff-subscriptions.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import type { Route } from './+types/order-subscription'

// /admin/orders/:orderId/cancel and /resume: a page that says what the change does to the money,
// and a button that asks Stripe to make it. Works without JavaScript; the URL says which change.

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({
    title: loaderData?.cancel ? 'Cancel at period end' : 'Resume subscription',
    description: 'A change to a subscription.',
    path: `/admin/orders/${params.orderId}`,
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

const isCancel = (request: Request) => new URL(request.url).pathname.endsWith('/cancel')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const order = await findOrderDetail(params.orderId)
  invariantResponse(order, 'Order not found', 404)
  return { siteUrl: getEnv().SITE_URL, order, cancel: isCancel(request) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request)
  await readFormWithLimit(request, BODY_LIMITS.orderStatus)
  const cancel = isCancel(request)
  const stripe = await getStripe()
  if (!stripe) return data({ error: 'Stripe is not configured on this server, so subscriptions cannot be changed here.' }, { status: 503 })
  try {
    const result = await setCancelAtPeriodEnd(stripe, params.orderId, cancel, { actor, context })
    invariantResponse(result.outcome !== 'not-found', 'Order not found', 404)
    if (result.outcome === 'no-subscription') return data({ error: 'This order has no Stripe subscription.' }, { status: 409 })
    if (result.outcome === 'not-active')
      return data({ error: `A ${result.status} order has no running subscription to change.` }, { status: 409 })
  } catch (error) {
    if (!isStripeError(error)) throw error
    log.warn({ orderId: params.orderId, err: error }, 'orders: Stripe refused or could not be reached for a subscription change')
    return data(
      { error: 'Stripe could not be reached or refused the change; nothing was changed. Please try again in a minute.' },
      { status: 503 },
    )
  }
  return redirectWithToast(`/admin/orders/${params.orderId}`, {
    title: cancel ? 'Cancellation scheduled' : 'Subscription resumed',
    description: cancel ? 'The subscription ends at the end of the current period.' : 'The subscription carries on as before.',
  })
}

export default function OrderSubscriptionChange({ loaderData, actionData }: Route.ComponentProps) {
  const { order, cancel } = loaderData
  const saving = useIsPending()
  const periodEnd = order.subscription?.currentPeriodEnd
    ? formatAdminDate(order.subscription.currentPeriodEnd)
    : 'the end of the current period'
  return (
    <div className="max-w-2xl">
      <StaffHeader title={cancel ? 'Cancel at period end' : 'Resume subscription'}>
        <Link to={`/admin/orders/${order.id}`} className={adminButtonClass}>
          Back to the order
        </Link>
      </StaffHeader>
      <Card className="mt-8">
        <p className="text-slate-800">
          {cancel ? (
            <>
              Stripe will stop billing <strong>{buyerName(order)}</strong> for the {order.planName} plan ({formatDollars(order.amount)}
              /month) after <strong>{periodEnd}</strong>. Nothing is refunded; service runs until then. The buyer can resume before that
              date, and so can you.
            </>
          ) : (
            <>
              Stripe will keep billing <strong>{buyerName(order)}</strong> {formatDollars(order.amount)} per month for the {order.planName}{' '}
              plan, from {periodEnd} on, as before.
            </>
          )}
        </p>
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <StatusButton pending={saving} pendingText="Asking Stripe..." size="sm">
            {cancel ? 'Yes, cancel at period end' : 'Yes, resume the subscription'}
          </StatusButton>
          <Link to={`/admin/orders/${order.id}`} className={adminButtonClass}>
            Keep it as it is
          </Link>
        </Form>
      </Card>
    </div>
  )
}
