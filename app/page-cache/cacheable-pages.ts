import { CHECKOUT_QUERY_PARAMS } from '#app/domain/checkout-choices'
import { isMs365OptionId, isValidUserCount } from '#app/domain/pricing'
import { publicPagePaths } from '#app/catalogue/public-pages'
import { isDataRequestPath } from '#app/lib/http/request-context'

// What the page cache may answer: public pages and reads that every anonymous visitor gets alike,
// each with the query parameters it understands. Anything else (another query parameter, a path
// not listed here, a staff page) is rendered for the request as usual.

const MAX_QUERY_LENGTH = 256
const NO_QUERY: readonly string[] = []

// Campaign and click identifiers that newsletters, ad platforms and social sites add to links
// (Facebook adds a different fbclid to every click out). A page that reads no query is the same
// page with or without them (analytics would read them in the browser), so a link shared with
// them must not make every visitor's request a render of its own. Checkout keeps the rest of its
// query in its links, so there they stay a query it does not know.
const CAMPAIGN_PARAMETER = /^(?:utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|li_fat_id|mc_cid|mc_eid|_hsenc|_hsmi)$/

// Checkout's values as its own links spell them. Any other value (an unknown option, a seat count
// out of range, a plan id with a leading zero, a repeated parameter) makes a page of its own for
// each spelling, so it is rendered for its request and never kept: a stranger's made-up URLs
// cannot fill the cache and push real pages out. A plan id of the right shape that no plan has is
// refused by the page itself (its loader answers no-store).
const CHECKOUT_VALUES: Record<string, (value: string) => boolean> = {
  plan: (value) => PLAN_ID.test(value),
  microsoft365: isMs365OptionId,
  ms365_users: (value) => /^[1-9]\d{0,3}$/.test(value) && isValidUserCount(Number(value)),
  cloud_backup: (value) => value === 'true' || value === 'false',
}
const PLAN_ID = /^[1-9]\d{0,8}$/

function isCheckoutPage(path: string) {
  return path === '/checkout' || (path.startsWith('/checkout/') && PLAN_ID.test(path.slice('/checkout/'.length)))
}

/** True when every checkout parameter appears at most once with a value its links would write. */
function hasCanonicalCheckoutValues(params: URLSearchParams) {
  const seen = new Set<string>()
  for (const [name, value] of params) {
    const valid = CHECKOUT_VALUES[name]
    if (!valid) continue
    if (seen.has(name) || !valid(value)) return false
    seen.add(name)
  }
  return true
}

function queryParamsFor(path: string): readonly string[] | null {
  if (isCheckoutPage(path)) return CHECKOUT_QUERY_PARAMS
  if (path === '/sitemap.xml' || path === '/robots.txt') return NO_QUERY
  if (path === '/api/plans' || path === '/api/services' || path === '/api/solutions') return NO_QUERY
  if (publicPages.has(path)) return NO_QUERY
  // Articles: published ones are the same for every visitor; a draft answers anonymous visitors 404
  // (not kept), and staff previews carry the staff cookie, which bypasses the cache.
  if (/^\/news\/[a-z0-9-]{1,100}$/.test(path)) return NO_QUERY
  return null
}

const publicPages = new Set(publicPagePaths())

/**
 * A page's data request from client-side navigation (React Router's single fetch): `/_.data` for
 * `/`, `/news.data` for `/news`; it may name the routes it wants in `_routes`.
 */
function pageOfDataRequest(path: string) {
  if (path === '/_.data') return '/'
  if (isDataRequestPath(path)) return path.slice(0, -'.data'.length)
  return null
}

/**
 * The cache key of a request for a cacheable page (its path and query as sent; campaign parameters
 * left out on pages that read no query), or null when the request must be rendered for itself: a
 * path the cache does not serve, or a query parameter the page does not know (a visitor's own
 * state, say, such as a payment's return parameters).
 */
export function pageCacheKey(path: string, search: string): string | null {
  if (search.length > MAX_QUERY_LENGTH) return null
  const page = pageOfDataRequest(path)
  const known = queryParamsFor(page ?? path)
  if (!known) return null
  if (!search || search === '?') return path
  const params = new URLSearchParams(search)
  if (known === CHECKOUT_QUERY_PARAMS && !hasCanonicalCheckoutValues(params)) return null
  let campaign = false
  for (const name of params.keys()) {
    if (known === NO_QUERY && CAMPAIGN_PARAMETER.test(name)) campaign = true
    else if (!known.includes(name) && !(page && name === '_routes')) return null
  }
  if (!campaign) return `${path}${search.startsWith('?') ? search : `?${search}`}`
  for (const name of [...params.keys()]) if (CAMPAIGN_PARAMETER.test(name)) params.delete(name)
  const rest = params.toString()
  return rest ? `${path}?${rest}` : path
}

/** True when the Cookie header carries one of the named cookies (a staff session, a flash message). */
export function carriesCookie(cookieHeader: string | undefined, names: ReadonlySet<string>) {
  if (!cookieHeader) return false
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=')
    const name = (separator === -1 ? pair : pair.slice(0, separator)).trim()
    if (names.has(name)) return true
  }
  return false
}
