// What a visitor chose on the checkout page, read from the address (the address is the state:
// a reload or a shared link shows the same order). Pure, so the loader, the page and the
// no-JavaScript form action all read the choices the same way.
import {
  type Ms365OptionId,
  type PriceQuote,
  USERS_OUT_OF_RANGE_MESSAGE,
  defaultUsersForPlan,
  isValidUserCount,
  parseMs365Option,
  quote,
} from './pricing'

/** What the checkout needs of a plan; the page passes its own richer plan type through. */
export type CheckoutPlan = { id: number; name: string; price: number }

export type CheckoutChoices<Plan extends CheckoutPlan = CheckoutPlan> = {
  planId: number | null
  plan: Plan | null
  ms365Option: Ms365OptionId
  /** The seat count as typed (kept so the field shows what the visitor entered). */
  usersInput: string
  users: number
  usersError: string | null
  includeCloudBackup: boolean
  /** Null without a plan or while the seat count is out of range. */
  quote: PriceQuote | null
}

/** A plan id from the path wins over ?plan; anything but a positive whole number means no plan. */
export function parsePlanId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id >= 1 ? id : null
}

export function readCheckoutChoices<Plan extends CheckoutPlan>(
  search: URLSearchParams,
  pathPlanId: string | undefined,
  plans: readonly Plan[],
): CheckoutChoices<Plan> {
  const planId = parsePlanId(pathPlanId ?? search.get('plan'))
  const plan = plans.find((candidate) => candidate.id === planId) ?? null
  const ms365Option = parseMs365Option(search.get('microsoft365'))
  const typedUsers = search.get('ms365_users')
  const usersInput = typedUsers ?? String(defaultUsersForPlan(plan?.name))
  const users = /^\s*\d+\s*$/.test(usersInput) ? Number(usersInput) : Number.NaN
  const usersError = ms365Option !== 'none' && !isValidUserCount(users) ? USERS_OUT_OF_RANGE_MESSAGE : null
  const includeCloudBackup = search.get('cloud_backup') === 'true'
  const priced = plan && !usersError ? quote({ plan, ms365Option, users, includeCloudBackup }) : null
  return { planId, plan, ms365Option, usersInput, users, usersError, includeCloudBackup, quote: priced }
}

/**
 * The query that describes the choices, keeping any other parameters of the current query
 * (SPEC: choosing another plan goes to /checkout with the rest of the query).
 */
export function checkoutSearch(
  current: URLSearchParams,
  changes: { plan?: number | null; microsoft365?: Ms365OptionId; ms365_users?: string | null; cloud_backup?: boolean },
): URLSearchParams {
  const next = new URLSearchParams(current)
  if (changes.plan !== undefined) {
    if (changes.plan === null) next.delete('plan')
    else next.set('plan', String(changes.plan))
  }
  if (changes.microsoft365 !== undefined) next.set('microsoft365', changes.microsoft365)
  if (changes.ms365_users !== undefined) {
    if (changes.ms365_users === null) next.delete('ms365_users')
    else next.set('ms365_users', changes.ms365_users)
  }
  if (changes.cloud_backup !== undefined) next.set('cloud_backup', String(changes.cloud_backup))
  return next
}

/** The query parameters that describe an order being chosen (checkoutSearch writes them). */
export const CHECKOUT_QUERY_PARAMS: readonly string[] = ['plan', 'microsoft365', 'ms365_users', 'cloud_backup']

/** Query parameters that describe a payment outcome; they are dropped once it has been shown. */
export const PAYMENT_RETURN_PARAMS = [
  'payment_intent_client_secret',
  'payment_intent',
  'redirect_status',
  'checkout_result',
  'session_id',
] as const
