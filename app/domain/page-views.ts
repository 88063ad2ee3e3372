// Which requests are page views, where a visit came from and on what kind of device: the rules
// behind the staff analytics of visitors. Pure, so the rules are tested without a server.
import { withoutTrailingSlashes } from './site-paths'

export const ANALYTICS_RANGES = ['24h', '7d', '30d'] as const
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]

const HOUR = 60 * 60 * 1000
export const RANGE_MS: Record<AnalyticsRange, number> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR }
export const RANGE_LABELS: Record<AnalyticsRange, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' }

/** An unknown or missing `?range=` reads as the default, the last 7 days. */
export function parseRange(value: string | null | undefined): AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? '') ? (value as AnalyticsRange) : '7d'
}

/** Titles of the pages whose title isn't in the database (articles and plans are). */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Home',
  '/news': 'News and Insights',
  '/checkout': 'Checkout',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/security-policy': 'Security Policy',
  '/resources': 'Resources',
  '/chat': 'Support chat',
}

export function fixedPageTitle(path: string): string | null {
  return PAGE_TITLES[path] ?? null
}

/** Sources and pages are whatever a client sends: kept short. */
export const MAX_SOURCE_LENGTH = 64
export const DIRECT_SOURCE = 'Direct'

/** What the access log knows of a request when its response finishes. */
export type RequestFacts = {
  method: string
  /** The path without its query string. */
  path: string
  /** `utm_source` from the query string, if any. */
  utmSource?: string | null
  status: number
  /** The response's Content-Type. */
  contentType?: string | null
  userAgent?: string | null
  referrer?: string | null
  /** `Sec-Purpose` or `Purpose`: a prefetch or prerender is no view. */
  purpose?: string | null
}

export type PageView = {
  /** The page, as its path (a client navigation's `/news.data` is `/news`). */
  page: string
  /** True when the visit starts here: it came from another site, a link or the address bar. */
  entrance: boolean
  /** Where the visit came from (only meaningful on an entrance). */
  source: string
  device: 'phone' | 'desktop'
  /** True on the first view of checkout in a visit. */
  checkout: boolean
}

// Staff pages and sign-in, the API, files and machine-read paths are never page views.
const NOT_PAGES = [
  /^\/admin(\/|-|$)/,
  /^\/set-password(\/|$)/,
  /^\/logout(\/|$)/,
  /^\/api(\/|$)/,
  /^\/uploads\//,
  /^\/(assets|images|fonts)\//,
  /^\/(livez|readyz|healthz|health|metrics)$/,
  /^\/\.well-known\//,
  /^\/(robots\.txt|sitemap\.xml|favicon\.ico|manifest\.webmanifest|apple-touch-icon\.png)$/,
]

/** True for paths that are never a visitor's page, whatever they answered. */
export function isStaffOrMachinePath(path: string) {
  return NOT_PAGES.some((pattern) => pattern.test(path))
}

// Crawlers, link previews, uptime checks, scripts and headless browsers name themselves; a
// request with no user agent at all is a script too.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|fetcher|headless|phantom|puppeteer|playwright|selenium|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|slack|skype|curl\/|wget\/|httpie|python|java\/|go-http-client|okhttp|axios|node-fetch|undici|libwww|perl|ruby|php\/|httpclient|postman|insomnia|^mozilla\/5\.0$/i

export function isBot(userAgent: string | null | undefined): boolean {
  const agent = userAgent?.trim()
  return !agent || BOT.test(agent)
}

// Phones say "Mobi" (and Android phones "Mobile"); tablets count as desktops: a large screen.
const PHONE = /mobi|iphone|ipod|android.+mobile|windows phone|blackberry|opera mini/i

export function deviceOf(userAgent: string | null | undefined): 'phone' | 'desktop' {
  return userAgent && PHONE.test(userAgent) ? 'phone' : 'desktop'
}

/**
 * React Router's client navigations fetch `/page.data` (`/_root.data` or `/_.data` for the home
 * page); the page they stand for. Trailing slashes are dropped so `/news/` is `/news`.
 */
export function pageOfDataPath(path: string): string {
  if (path === '/_root.data' || path === '/_.data') return '/'
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path
  return withoutTrailingSlashes(page, { keepRoot: true }) || '/'
}

/**
 * Pages that are one view however the visitor moves within them: every step and option of
 * checkout (`/checkout`, `/checkout/2`, `?ms365=…`) is the same checkout.
 */
export function pageGroup(page: string): string {
  return page === '/checkout' || page.startsWith('/checkout/') ? '/checkout' : page
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase()
  } catch {
    return null
  }
}

/** A referrer's host without `www.`: `news.example.com`, or null when it isn't a web address. */
export function referrerDomain(referrer: string | null | undefined): string | null {
  if (!referrer) return null
  const host = hostOf(referrer)
  if (!host || !/^[a-z0-9.-]+$/.test(host)) return null
  return host.replace(/^www\./, '').slice(0, MAX_SOURCE_LENGTH)
}

/** A `utm_source` as staff read it: lower case, trimmed, only letters, digits and `.-_ `. */
export function cleanUtmSource(value: string | null | undefined): string | null {
  const text = value
    ?.toLowerCase()
    .replace(/[^a-z0-9._ -]/g, '')
    .trim()
    .slice(0, MAX_SOURCE_LENGTH)
  return text || null
}

/** Where a visit came from: its `utm_source` first, then the referring site, else Direct. */
export function sourceOf(utmSource: string | null | undefined, referrer: string | null | undefined, ownHosts: readonly string[]): string {
  const tagged = cleanUtmSource(utmSource)
  if (tagged) return tagged
  const domain = referrerDomain(referrer)
  if (!domain || ownHosts.some((host) => host.replace(/^www\./, '') === domain)) return DIRECT_SOURCE
  return domain
}

/**
 * The page view a request is, or null: a successful GET of a visitor's page, answered as a
 * document or as React Router's data for a client navigation. Not a view: staff pages, the API,
 * files, health checks, bots, prefetches, errors and redirects, and a move within the same page
 * (a form that reloads it, a revalidation, or checkout's plan and option changes), which the
 * referrer tells: it names the page the visitor is on.
 */
export function classifyPageView(request: RequestFacts, ownHosts: readonly string[]): PageView | null {
  if (request.method !== 'GET' || (request.status !== 200 && request.status !== 304)) return null
  if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return null
  const isData = request.path.endsWith('.data')
  const isDocument = (request.contentType ?? '').toLowerCase().startsWith('text/html')
  if (!isData && !isDocument && request.status !== 304) return null
  if (isStaffOrMachinePath(request.path) || isBot(request.userAgent)) return null
  const page = pageOfDataPath(request.path)
  // A file (`/report.pdf`, `/wp-login.php`) is no page of ours.
  if (isStaffOrMachinePath(page) || /\.[a-z0-9]{1,8}$/i.test(page)) return null

  const referrerHost = request.referrer ? hostOf(request.referrer) : null
  const fromOwnSite = referrerHost !== null && ownHosts.includes(referrerHost)
  let fromPage: string | null = null
  if (fromOwnSite) {
    try {
      fromPage = pageOfDataPath(new URL(request.referrer!).pathname)
    } catch {
      fromPage = null
    }
  }
  if (fromPage !== null && pageGroup(fromPage) === pageGroup(page)) return null
  // A client navigation always comes from a page of ours; data fetched any other way is no view.
  if (isData && !fromOwnSite) return null
  // Staff moving from their pages to the site are still staff.
  if (fromPage !== null && isStaffOrMachinePath(fromPage)) return null

  const entrance = !fromOwnSite
  return {
    page,
    entrance,
    source: entrance ? sourceOf(request.utmSource, request.referrer, ownHosts) : DIRECT_SOURCE,
    device: deviceOf(request.userAgent),
    checkout: pageGroup(page) === '/checkout',
  }
}

/** A change from the period before as staff read it: '+12%', '−5%', 'new' or '0%'. */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0%' : 'new'
  const percent = Math.round(((current - previous) / previous) * 100)
  if (percent === 0) return '0%'
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`
}

/** A rate as a percent with one decimal when it is small: '3.4%', '12%'; '–' when nothing to divide by. */
export function formatRate(part: number, whole: number): string {
  if (whole <= 0) return '–'
  const percent = (part / whole) * 100
  return percent < 10 ? `${percent.toFixed(1)}%` : `${Math.round(percent)}%`
}
