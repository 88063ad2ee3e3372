import { CHECKOUT_QUERY_PARAMS } from '#app/domain/checkout-choices'
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

function queryParamsFor(path: string): readonly string[] | null {
  if (path === '/checkout' || /^\/checkout\/\d{1,9}$/.test(path)) return CHECKOUT_QUERY_PARAMS
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
