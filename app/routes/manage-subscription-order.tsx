import { data, Form, Link, redirect } from 'react-router'
import { AuthCard } from '#app/components/auth-card'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { Warning } from '#app/components/ui/warning'
import { BUSINESS } from '#app/domain/business'
import { pageMeta } from '#app/domain/seo'
import { getEnv } from '#app/lib/config/env.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { log } from '#app/lib/observability/logger.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { getStripe } from '#app/integrations/stripe-client.server'
import { type ManageLinkCheck, checkManageLink, manageLinkPath } from '#app/orders/manage-link.server'
import { PORTAL_SESSION_LIMIT, openBillingPortal } from '#app/orders/manage-subscription.server'
import { isStripeError } from '#app/orders/orders.server'
import type { Route } from './+types/manage-subscription-order'

// The link from the buyer's e-mail. Following it changes nothing (mail scanners follow links): the
// page offers one button, whose POST answers 303 to a Stripe customer portal session.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Manage your subscription',
    description: 'Update your card, see invoices, change users or cancel.',
    path: '/manage-subscription',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') || actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders

// The signed link is in the address: no other site (Stripe's portal included) gets it as a Referer.
// Not no-referrer: with it, browsers send the button's POST with `Origin: null`, refused as cross-site.
const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' }

export const LINK_MESSAGES: Record<Exclude<ManageLinkCheck, { valid: true }>['reason'] | 'no-order', string> = {
  malformed: 'This link is incomplete. Copy the whole link from the e-mail, or ask for a new one below.',
  tampered: 'This link is not valid. Ask for a new one below.',
  expired: 'This link has expired. Ask for a new one below: it takes a minute.',
  'no-order': 'We could not find this subscription. Ask for a new link below, or call us.',
}
export const NO_CUSTOMER_MESSAGE = `This order has no billing account with our payment provider yet, so there is nothing to manage online. Please call us at ${BUSINESS.phone.display}.`
export const PORTAL_UNAVAILABLE_MESSAGE = 'Our payment provider could not open the billing portal just now. Please try again in a minute.'
export const PORTAL_TOO_MANY_MESSAGE = 'Too many attempts from here. Please try again in a few minutes.'

function linkFrom(request: Request, orderId: string | undefined) {
  const url = new URL(request.url)
  return checkManageLink(orderId, url.searchParams.get('expires'), url.searchParams.get('signature'))
}

type Problem = { problem: string }

export function loader({ request, params }: Route.LoaderArgs) {
  const siteUrl = getEnv().SITE_URL
  const link = linkFrom(request, params.orderId)
  if (!link.valid)
    return data(
      { siteUrl, problem: LINK_MESSAGES[link.reason], action: null },
      { status: link.reason === 'expired' ? 410 : 400, headers: NO_STORE },
    )
  const url = new URL(request.url)
  const action = manageLinkPath({
    orderId: link.orderId,
    expires: Number(url.searchParams.get('expires')),
    signature: url.searchParams.get('signature')!,
  })
  return data({ siteUrl, problem: null, action }, { headers: NO_STORE })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  await readFormWithLimit(request, BODY_LIMITS.manageSubscription)
  const link = linkFrom(request, params.orderId)
  if (!link.valid)
    return data<Problem>({ problem: LINK_MESSAGES[link.reason] }, { status: link.reason === 'expired' ? 410 : 400, headers: NO_STORE })
  const limit = await hitRateLimit(PORTAL_SESSION_LIMIT, requestInfo(context).clientIp)
  if (!limit.allowed)
    return data<Problem>(
      { problem: PORTAL_TOO_MANY_MESSAGE },
      { status: 429, headers: { ...NO_STORE, 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  const stripe = await getStripe()
  if (!stripe) return data<Problem>({ problem: PORTAL_UNAVAILABLE_MESSAGE }, { status: 503, headers: { ...NO_STORE, 'Retry-After': '60' } })
  try {
    const outcome = await openBillingPortal(stripe, link.orderId)
    if (outcome.kind === 'no-order') return data<Problem>({ problem: LINK_MESSAGES['no-order'] }, { status: 404, headers: NO_STORE })
    if (outcome.kind === 'no-customer') return data<Problem>({ problem: NO_CUSTOMER_MESSAGE }, { status: 409, headers: NO_STORE })
    return redirect(outcome.url, { status: 303, headers: NO_STORE })
  } catch (error) {
    if (!isStripeError(error)) throw error
    log.warn({ orderId: link.orderId, err: error }, 'orders: the billing portal could not be opened')
    return data<Problem>({ problem: PORTAL_UNAVAILABLE_MESSAGE }, { status: 503, headers: { ...NO_STORE, 'Retry-After': '60' } })
  }
}

export default function ManageSubscriptionOrder({ loaderData, actionData }: Route.ComponentProps) {
  const opening = useIsPending()
  const problem = actionData?.problem ?? loaderData.problem
  return (
    <AuthCard title="Manage your subscription">
      {problem ? <Warning className="mt-4">{problem}</Warning> : null}
      {loaderData.action ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Update your card, see and download invoices, change the number of Microsoft 365 and backup users, or cancel at the end of the
            billing period, in our payment provider&rsquo;s secure billing portal.
          </p>
          {/* A full page load: the answer is a redirect to Stripe's site. */}
          <Form method="post" action={loaderData.action} reloadDocument className="mt-6">
            <StatusButton pending={opening} pendingText="Opening..." className="w-full">
              Open the billing portal
            </StatusButton>
          </Form>
        </>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">
        {loaderData.action ? 'Link expired or lost? ' : null}
        <Link className="font-medium text-brand-700 underline" to="/manage-subscription">
          Ask for a new link
        </Link>{' '}
        or call us at{' '}
        <a className="font-medium whitespace-nowrap text-brand-700 underline" href={BUSINESS.phone.href}>
          {BUSINESS.phone.display}
        </a>
        .
      </p>
    </AuthCard>
  )
}
