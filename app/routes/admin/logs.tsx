import { data, Link, useNavigation } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { AccessAnalyticsView } from '#app/components/staff/access-analytics-view'
import { adminButtonClass, RefreshLink } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { getEnv } from '#app/lib/config/env.server'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { isNoAnswer } from '#app/lib/http/no-answer'
import type { AccessAnalytics, VisitorAnalytics } from '#app/domain/access-analytics'
import { type AnalyticsRange, parseRange } from '#app/domain/page-views'
import { pageMeta } from '#app/domain/seo'
import { getAccessAnalytics, getRawAccessLog } from '#app/analytics/access-analytics.server'
import { getVisitorAnalytics } from '#app/analytics/visitor-analytics.server'
import { log } from '#app/lib/observability/logger.server'
import type { Route } from './+types/logs'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Access Logs',
    description: 'User access logs for the last 24 hours.',
    path: '/admin/logs',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

type Tab = 'analytics' | 'raw'

// The tab lives in the URL (?tab=raw), so it works without JavaScript and survives a reload.
function tabOf(url: string): Tab {
  return new URL(url).searchParams.get('tab') === 'raw' ? 'raw' : 'analytics'
}

type Failure = { kind: 'connection' } | { kind: 'fetch'; message: string }

/** SPEC §8: 'Failed to fetch logs' or 'Failed to fetch analytics'. */
function fetchFailureMessage(tab: Tab) {
  return tab === 'raw' ? 'Failed to fetch logs' : 'Failed to fetch analytics'
}

// The visitors' range lives in the URL too (?range=24h|7d|30d); anything else reads as 7 days.
function rangeOf(url: string): AnalyticsRange {
  return parseRange(new URL(url).searchParams.get('range'))
}

type LogsData = {
  siteUrl: string
  tab: Tab
  range: AnalyticsRange
  analytics: AccessAnalytics | null
  visitors: VisitorAnalytics | null
  logs: string | null
  failure: Failure | null
}

/** The page with no data and its failure shown where the data would be. */
function failedData(siteUrl: string, tab: Tab, range: AnalyticsRange, failure: Failure): LogsData {
  return { siteUrl, tab, range, analytics: null, visitors: null, logs: null, failure }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const tab = tabOf(request.url)
  const range = rangeOf(request.url)
  const siteUrl = getEnv().SITE_URL
  try {
    if (tab === 'raw')
      return { siteUrl, tab, range, analytics: null, visitors: null, logs: await getRawAccessLog(), failure: null } satisfies LogsData
    const now = new Date()
    const analytics = await getAccessAnalytics(now)
    const visitors = await getVisitorAnalytics(range, now)
    return { siteUrl, tab, range, analytics, visitors, logs: null, failure: null } satisfies LogsData
  } catch (error) {
    // SPEC §8: the database away is 'Error connecting to server'; any other failure is this
    // page's own 'Failed to fetch …' (logged here, never shown in detail), not the error page.
    if (isDatabaseUnavailable(error)) return data(failedData(siteUrl, tab, range, { kind: 'connection' }), { status: 503 })
    log.error({ err: error }, 'access logs page: data failed')
    return data(failedData(siteUrl, tab, range, { kind: 'fetch', message: fetchFailureMessage(tab) }), { status: 500 })
  }
}

/**
 * With JavaScript this page's data comes with a fetch (Refresh, a tab switch). When that fetch gets
 * no answer at all the page shows the connection banner, as it does when the server cannot reach
 * the database; when it fails otherwise, 'Failed to fetch …' (the server's own failure message
 * arrives as data, through the loader above). Never the error page. The root's data is not refetched within this page (root.tsx,
 * shouldRevalidate), so nothing else fails with it.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader()
  } catch (error) {
    const tab = tabOf(request.url)
    const range = rangeOf(request.url)
    const origin = new URL(request.url).origin
    if (isNoAnswer(error)) return failedData(origin, tab, range, { kind: 'connection' })
    // Whatever body came with the failure (a proxy's error page, say) is not shown.
    return failedData(origin, tab, range, { kind: 'fetch', message: fetchFailureMessage(tab) })
  }
}

const tabClass = 'rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold'

export default function AccessLogs({ loaderData }: Route.ComponentProps) {
  const { tab, analytics, visitors, logs, failure } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/logs'
  return (
    <>
      <StaffHeader title="Access Logs" subtitle="User access logs for the last 24 hours">
        <RefreshLink />
        {/* A plain link: the browser downloads the streamed file in a new tab, with or without JavaScript. */}
        <a href="/api/admin/logs/download" target="_blank" rel="noopener" className={adminButtonClass} aria-disabled={loading || undefined}>
          Export CSV
        </a>
      </StaffHeader>

      {failure?.kind === 'connection' ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 font-medium text-red-700">
          Error connecting to server
        </p>
      ) : null}

      <nav aria-label="Log views" className="mt-8 flex gap-2 border-b border-slate-200 print:hidden">
        <Link
          to="/admin/logs"
          aria-current={tab === 'analytics' ? 'page' : undefined}
          className={`${tabClass} ${tab === 'analytics' ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600'}`}
        >
          Analytics
        </Link>
        <Link
          to="/admin/logs?tab=raw"
          aria-current={tab === 'raw' ? 'page' : undefined}
          className={`${tabClass} ${tab === 'raw' ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600'}`}
        >
          Raw Logs
        </Link>
      </nav>

      {loading ? (
        <div role="status" className="mt-8 flex items-center gap-3 text-slate-600">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          Loading…
        </div>
      ) : failure?.kind === 'fetch' ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-700">
          {failure.message}
        </p>
      ) : failure ? null : tab === 'analytics' && analytics ? (
        <AccessAnalyticsView analytics={analytics} visitors={visitors} />
      ) : tab === 'raw' ? (
        logs ? (
          // Focusable, so the lines can be scrolled from the keyboard too.
          <pre
            data-testid="raw-logs"
            tabIndex={0}
            role="region"
            aria-label="Raw logs"
            className="mt-6 max-h-[70vh] overflow-auto rounded-xl bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
          >
            {logs}
          </pre>
        ) : (
          <p className="mt-6 text-slate-600">No logs available</p>
        )
      ) : null}
    </>
  )
}
