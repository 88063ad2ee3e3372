import { assertSameOrigin, safeRedirectPath } from '#app/lib/http/same-origin.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { INCOMPLETE_CACHE_CONTROL, listHeaders, loaderCacheControl } from '#app/lib/http/cache-control'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { useCallback, useEffect, useRef, useState } from 'react'
import { data, redirect, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { OrderSummary } from '#app/components/checkout/order-summary'
import { PaymentModal } from '#app/components/checkout/payment-modal'
import { PlanList } from '#app/components/checkout/plan-list'
import { getStripeJs } from '#app/components/checkout/stripe-browser'
import { showToast } from '#app/components/ui/toaster'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { findHiddenPlanName, listPlans, settleList } from '#app/catalogue/catalogue.server'
import { getEnv } from '#app/lib/config/env.server'
import type { PlanSummary } from '#app/catalogue/catalogue.server'
import { PAYMENT_RETURN_PARAMS, checkoutSearch, parsePlanId, readCheckoutChoices } from '#app/domain/checkout-choices'
import { isCheckoutPath } from '#app/domain/site-paths'
import {
  CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE,
  NO_PLAN_SUMMARY_MESSAGE,
  NO_PLAN_TOAST,
  PAYMENT_FAILED_RETURN_TOAST,
  PAYMENT_SUCCEEDED_RETURN_TOAST,
  PAYMENT_UNCONFIRMED_RETURN_TOAST,
  TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE,
} from '#app/domain/payment-messages'
import { type Ms365OptionId, defaultUsersForPlan } from '#app/domain/pricing'
import { pageMeta } from '#app/domain/seo'
import type { Toast } from '#app/domain/toast'
import {
  CHECKOUT_RETURN_LIMIT,
  OrderRequestError,
  PAYMENT_ATTEMPT_LIMIT,
  PROVIDER_UNAVAILABLE_MESSAGE,
  hostedCheckoutCompleted,
  isCheckoutSessionId,
  isStripeError,
  startHostedCheckout,
} from '#app/orders/orders.server'
import { getStripe, isCardPaymentConfigured, stripePublishableKey } from '#app/integrations/stripe-client.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/checkout'
import { log } from '#app/lib/observability/logger.server'
import { receivePlanRequest } from '#app/enquiries/plan-request.server'
import { PLAN_REQUEST_INTENT } from '#app/domain/plan-request-fields'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Checkout',
    description: 'Choose your monthly IT service plan, add Microsoft 365 and cloud backup, and pay securely by card.',
    path: '/checkout',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

function withoutReturnParams(search: URLSearchParams) {
  const kept = new URLSearchParams(search)
  for (const name of PAYMENT_RETURN_PARAMS) kept.delete(name)
  return kept
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  // Back from the hosted Stripe Checkout page (the no-JavaScript path): show the outcome once,
  // as a flash toast, on a clean address.
  const hostedResult = url.searchParams.get('checkout_result')
  if (hostedResult) {
    const rest = withoutReturnParams(url.searchParams).toString()
    const back = safeRedirectPath(`${url.pathname}${rest ? `?${rest}` : ''}`, '/checkout')
    return redirectWithToast(
      back,
      await hostedCheckoutOutcome(hostedResult, url.searchParams.get('session_id'), requestInfo(context).clientIp),
    )
  }
  const plans = await settleList(listPlans)
  // A link to a plan staff have since hidden (an old e-mail, a bookmark) says so instead of
  // silently showing no plan.
  const askedFor = parsePlanId(params.planId ?? url.searchParams.get('plan'))
  const offered = plans.ok && plans.items.some((plan) => plan.id === askedFor)
  const retiredPlan = askedFor && plans.ok && !offered ? await findHiddenPlanName(askedFor) : null
  // Without Stripe keys the payment step becomes "Request this plan" (an enquiry) and a call.
  const cardPayments = isCardPaymentConfigured()
  // A plan id no offered plan has is a page anyone can make up by the thousand: never kept.
  const headers = askedFor && plans.ok && !offered ? { 'Cache-Control': INCOMPLETE_CACHE_CONTROL } : listHeaders(plans)
  return data({ siteUrl: getEnv().SITE_URL, plans, publishableKey: stripePublishableKey(), cardPayments, retiredPlan }, { headers })
}

export const headers = loaderCacheControl

/**
 * What to tell a buyer back from the hosted Checkout page. Stripe is asked only about an id shaped
 * like a Checkout Session's, and an address may ask only so often: each answer costs an API call.
 */
async function hostedCheckoutOutcome(result: string, sessionId: string | null, clientIp: string): Promise<Toast> {
  const stripe = await getStripe()
  if (result !== 'success' || !stripe || !isCheckoutSessionId(sessionId)) return PAYMENT_FAILED_RETURN_TOAST
  const limit = await hitRateLimit(CHECKOUT_RETURN_LIMIT, clientIp)
  if (!limit.allowed) return PAYMENT_UNCONFIRMED_RETURN_TOAST
  return (await hostedCheckoutCompleted(stripe, sessionId)) ? PAYMENT_SUCCEEDED_RETURN_TOAST : PAYMENT_FAILED_RETURN_TOAST
}

/**
 * 'Proceed to Checkout' without JavaScript: a pending order and a hosted Stripe Checkout
 * Session (subscription mode), then a 303 to Stripe. With JavaScript the payment modal is used.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const form = await readFormWithLimit(request, BODY_LIMITS.checkoutForm)
  const search = new URLSearchParams()
  for (const [name, value] of form) if (typeof value === 'string') search.set(name, value)
  const choices = readCheckoutChoices(search, params.planId, await listPlans())
  if (!choices.plan) return data({ formError: NO_PLAN_SUMMARY_MESSAGE }, { status: 400 })
  if (choices.usersError) return data({ formError: choices.usersError }, { status: 400 })
  if (form.get('intent') === PLAN_REQUEST_INTENT) {
    const back = checkoutSearch(new URLSearchParams(), {
      microsoft365: choices.ms365Option,
      ms365_users: choices.usersInput,
      cloud_backup: choices.includeCloudBackup,
    })
    return receivePlanRequest(
      form,
      { name: choices.plan.name, priced: choices.quote! },
      requestInfo(context).clientIp,
      `/checkout/${choices.plan.id}?${back.toString()}`,
    )
  }
  const stripe = await getStripe()
  if (!stripe || !isCardPaymentConfigured()) return data({ formError: CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE }, { status: 503 })
  const limit = await hitRateLimit(PAYMENT_ATTEMPT_LIMIT, requestInfo(context).clientIp)
  if (!limit.allowed) return data({ formError: TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE }, { status: 429 })

  const state = checkoutSearch(new URLSearchParams(), {
    plan: choices.plan.id,
    microsoft365: choices.ms365Option,
    ms365_users: String(choices.users || defaultUsersForPlan(choices.plan.name)),
    cloud_backup: choices.includeCloudBackup,
  })
  // Stripe replaces {CHECKOUT_SESSION_ID} itself, so it must stay unencoded.
  const back = `${getEnv().SITE_URL}/checkout?${state.toString()}`
  try {
    const { url } = await startHostedCheckout(
      stripe,
      { planId: choices.plan.id, ms365Option: choices.ms365Option, users: choices.users, includeCloudBackup: choices.includeCloudBackup },
      { success: `${back}&checkout_result=success&session_id={CHECKOUT_SESSION_ID}`, cancel: `${back}&checkout_result=canceled` },
    )
    return redirect(url, 303)
  } catch (error) {
    if (error instanceof OrderRequestError) return data({ formError: error.message }, { status: error.status })
    if (isStripeError(error)) {
      log.error({ err: error }, 'payments: Stripe refused a checkout session')
      return data({ formError: PROVIDER_UNAVAILABLE_MESSAGE }, { status: 502 })
    }
    throw error
  }
}

/** Options live in the address and are priced in the browser by the same quote(): no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  if (isCheckoutPath(currentUrl.pathname) && isCheckoutPath(nextUrl.pathname)) return nextUrl.searchParams.has('checkout_result')
  return defaultShouldRevalidate
}

export default function Checkout({ loaderData, actionData, params }: Route.ComponentProps) {
  const { plans, publishableKey, cardPayments, retiredPlan } = loaderData
  const planItems = plans.ok ? plans.items : []
  const [searchParams, setSearchParams] = useSearchParams()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [modalOpen, setModalOpen] = useState(false)
  const [paying, setPaying] = useState(false)

  // While a choice is on its way into the address, show it already (the pending location is
  // committed synchronously thanks to flushSync), so radios, switch and field never lag.
  const pending = navigation.state === 'loading' && isCheckoutPath(navigation.location.pathname) ? navigation.location : null
  const shownSearch = pending ? new URLSearchParams(pending.search) : searchParams
  const shownPathPlanId = pending ? pending.pathname.split('/')[2] || undefined : params.planId
  const choices = readCheckoutChoices(shownSearch, shownPathPlanId, planItems)

  const replaceSearch = useCallback(
    (next: URLSearchParams) => setSearchParams(next, { replace: true, preventScrollReset: true, flushSync: true }),
    [setSearchParams],
  )

  // Keep the address in step with the choices shown (SPEC), including defaults, once a plan is chosen.
  const inStep = checkoutSearch(withoutReturnParams(shownSearch), {
    plan: choices.planId,
    microsoft365: choices.ms365Option,
    ms365_users: choices.usersInput,
    cloud_backup: choices.includeCloudBackup,
  }).toString()
  const returning = searchParams.has('payment_intent_client_secret')
  // A choice made while the scripts were still loading is in the form but not in the address. React
  // keeps it through hydration and undoes it at the next render, so it is read before that render
  // (this effect runs in the hydration's commit) and put in the address by the next effect.
  const optionsForm = useRef<HTMLFormElement>(null)
  const typedBeforeHydration = useRef<string | null>(null)
  useEffect(() => {
    if (!optionsForm.current || !choices.plan) return
    const formSearch = new URLSearchParams()
    for (const [name, value] of new FormData(optionsForm.current)) if (typeof value === 'string') formSearch.append(name, value)
    const typed = readCheckoutChoices(formSearch, shownPathPlanId, planItems)
    typedBeforeHydration.current = checkoutSearch(new URLSearchParams(inStep), {
      microsoft365: typed.ms365Option,
      cloud_backup: typed.includeCloudBackup,
      ...(formSearch.has('ms365_users') ? { ms365_users: typed.usersInput } : {}),
    }).toString()
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (!hydrated || !choices.plan || returning || pending) return
    const wanted = typedBeforeHydration.current ?? inStep
    typedBeforeHydration.current = null
    if (wanted !== searchParams.toString()) replaceSearch(new URLSearchParams(wanted))
  }, [hydrated, inStep, choices.plan, returning, pending, searchParams, replaceSearch])

  // Back from confirming the card: ask Stripe.js how the payment ended, say so, tidy the address.
  const returnSecret = searchParams.get('payment_intent_client_secret')
  useEffect(() => {
    if (!returnSecret) return
    let stale = false
    void (async () => {
      let succeeded = false
      try {
        const stripe = publishableKey ? await getStripeJs(publishableKey) : null
        const result = await stripe?.retrievePaymentIntent(returnSecret)
        succeeded = result?.paymentIntent?.status === 'succeeded'
      } catch (error) {
        console.error('Could not look up the payment', error)
      }
      if (stale) return
      showToast(succeeded ? PAYMENT_SUCCEEDED_RETURN_TOAST : PAYMENT_FAILED_RETURN_TOAST)
      setSearchParams((current) => withoutReturnParams(current), { replace: true, preventScrollReset: true })
    })()
    return () => {
      stale = true
    }
  }, [returnSecret, publishableKey, setSearchParams])

  // Not tied to `hydrated`: a choice made between hydration and the render after it must count too.
  const handlers = {
    onOption: (option: Ms365OptionId) => replaceSearch(checkoutSearch(shownSearch, { microsoft365: option })),
    onUsers: (value: string) => replaceSearch(checkoutSearch(shownSearch, { ms365_users: value })),
    onBackup: (checked: boolean) => replaceSearch(checkoutSearch(shownSearch, { cloud_backup: checked })),
  }

  // Another plan keeps the rest of the query; a seat count that was only the old plan's default
  // gives way to the new plan's default.
  const hrefFor = (plan: PlanSummary) => {
    const keepUsers = choices.usersInput !== String(defaultUsersForPlan(choices.plan?.name))
    const next = checkoutSearch(withoutReturnParams(shownSearch), { plan: plan.id, ...(keepUsers ? {} : { ms365_users: null }) })
    return `/checkout?${next.toString()}`
  }

  const returnUrlFor = (clientSecret: string) => {
    const next = checkoutSearch(withoutReturnParams(shownSearch), {
      plan: choices.planId,
      microsoft365: choices.ms365Option,
      ms365_users: choices.usersInput,
    })
    next.set('payment_intent_client_secret', clientSecret)
    return `/checkout?${next.toString()}`
  }

  const submittingHosted = useIsPending()
  const onProceed = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    if (!choices.plan) {
      showToast(NO_PLAN_TOAST)
      return
    }
    setModalOpen(true)
  }

  return (
    <main id="main" data-checkout className="min-h-screen bg-slate-50 pt-28 pb-16">
      <div className="mx-auto max-w-7xl px-4">
        <a href="/" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> Back to Home
        </a>
        <header className="mt-6 text-center">
          <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">Almost There!</h1>
          <p className="mt-2 text-slate-600">Select your service plan below and complete your order</p>
        </header>
        {retiredPlan && !choices.plan ? (
          <p role="alert" className="mx-auto mt-6 max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-4 text-center text-amber-900">
            The {retiredPlan} plan is no longer offered. Please choose one of the plans below.
          </p>
        ) : null}

        <div className="mt-10 grid gap-8 lg:grid-cols-5">
          <section aria-labelledby="plans-heading" className="lg:col-span-3">
            <h2 id="plans-heading" className="mb-4 text-xl font-bold text-slate-900">
              Choose your plan
            </h2>
            <PlanList plans={plans} selectedPlanId={choices.plan?.id ?? null} hrefFor={hrefFor} />
          </section>

          <div className="space-y-6 lg:col-span-2">
            <OrderSummary
              choices={choices}
              usersInput={choices.usersInput}
              handlers={handlers}
              applyAtOnce={hydrated}
              optionsFormRef={optionsForm}
              processing={submittingHosted || paying}
              formError={actionData?.formError ?? null}
              onProceed={onProceed}
              cardPayments={cardPayments}
              planRequestResult={actionData && 'requestResult' in actionData ? actionData.requestResult : null}
            />
            <aside aria-labelledby="custom-solution-heading" className="rounded-2xl bg-navy p-6 text-white">
              <h2 id="custom-solution-heading" className="text-lg font-semibold">
                Need a custom solution?
              </h2>
              <p className="mt-2 text-sm text-slate-200">We tailor plans for dealerships and growing teams with special requirements.</p>
              <a href="/#contact" className="mt-4 inline-block text-sm font-semibold text-white underline">
                Contact our solutions team
              </a>
              {/* On a phone the floating chat button is hidden here (styles/site.css); the chat is this link. */}
              <a href="/chat" className="mt-3 block text-sm font-semibold text-white underline sm:hidden">
                Questions? Chat with support
              </a>
            </aside>
          </div>
        </div>
      </div>

      <PaymentModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        choices={choices}
        publishableKey={publishableKey}
        onProcessingChange={setPaying}
        returnUrlFor={returnUrlFor}
        onConfirmed={(url) => {
          setModalOpen(false)
          void navigate(url, { replace: true, preventScrollReset: true })
        }}
      />
    </main>
  )
}
