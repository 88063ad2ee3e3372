import type { AccessAnalytics, VisitorAnalytics } from '#app/domain/access-analytics'
import { type StatusColour, statusColour, statusName, successRatePercent } from '#app/domain/http-status'
import { Card } from './card'
import { StatTile } from './stat-tile'
import { TrafficChart } from './traffic-chart'
import { VisitorAnalyticsView } from './visitor-analytics-view'

const BAR_CLASSES: Record<StatusColour, string> = {
  green: 'bg-green-500',
  blue: 'bg-blue-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
  grey: 'bg-slate-400',
}

function Bar({ percent, colour }: { percent: number; colour: string }) {
  return (
    <div className="h-2 w-full rounded-full bg-slate-100" aria-hidden="true">
      <div className={`h-2 rounded-full ${colour}`} style={{ width: `${Math.max(1, Math.min(100, percent))}%` }} />
    </div>
  )
}

function notRecordedSentence(count: number) {
  const requests = count === 1 ? 'request during overload was' : 'requests during overload were'
  return `${count.toLocaleString('en-US')} ${requests} not recorded, so the figures here are that much lower.`
}

/**
 * Visitors over the chosen range first (what staff come for), then SPEC §2's request figures of
 * the last 24 hours: the four cards, the hourly chart, most visited pages and status codes.
 */
export function AccessAnalyticsView({ analytics, visitors = null }: { analytics: AccessAnalytics; visitors?: VisitorAnalytics | null }) {
  return (
    <div className="mt-6 space-y-10">
      {visitors ? <VisitorAnalyticsView visitors={visitors} /> : null}
      <section aria-labelledby="requests-heading" className="space-y-4">
        <h2 id="requests-heading" className="text-xl font-bold text-slate-900">
          Requests <span className="font-normal text-slate-600">· last 24 hours</span>
        </h2>
        <RequestAnalytics analytics={analytics} />
      </section>
    </div>
  )
}

function RequestAnalytics({ analytics }: { analytics: AccessAnalytics }) {
  if (analytics.totalRequests === 0 && analytics.notRecorded === 0) return <p className="text-slate-600">No analytics data available</p>
  const topCount = analytics.mostVisitedPages[0]?.count ?? 0
  const statusEntries = Object.entries(analytics.httpStatusCodes).map(([code, count]) => ({ code: Number(code), count }))
  const maxStatusCount = Math.max(0, ...statusEntries.map((entry) => entry.count))
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="analytics-cards">
        <StatTile label="Total Requests" value={analytics.totalRequests.toLocaleString('en-US')} />
        <StatTile label="Unique Visitors" value={analytics.uniqueVisitors.toLocaleString('en-US')} />
        <StatTile label="Avg Response Time" value={`${analytics.responseTimeAvg.toFixed(2)} ms`} />
        <StatTile label="Success Rate" value={`${successRatePercent(analytics.httpStatusCodes, analytics.totalRequests)}%`} />
      </div>
      {analytics.notRecorded > 0 ? (
        <p
          role="note"
          data-testid="not-recorded"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {notRecordedSentence(analytics.notRecorded)}
        </p>
      ) : null}
      <TrafficChart hours={analytics.hourly} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card region headingId="pages-heading" level={3} title="Most Visited Pages">
          <p className="mt-1 text-xs text-slate-600">Every request by its path, staff pages and the API included.</p>
          {analytics.mostVisitedPages.length === 0 ? (
            <p className="mt-4 text-slate-600">No page data available</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {analytics.mostVisitedPages.map((page) => (
                <li key={page.url}>
                  <div className="flex justify-between gap-4 text-sm">
                    <span className="min-w-0 truncate font-mono">{page.url}</span>
                    <span className="tabular-nums">{page.count.toLocaleString('en-US')}</span>
                  </div>
                  <Bar percent={topCount ? (page.count / topCount) * 100 : 0} colour="bg-brand-600" />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card region headingId="status-heading" level={3} title="HTTP Status Codes">
          {statusEntries.length === 0 ? (
            <p className="mt-4 text-slate-600">No status code data available</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {statusEntries.map((entry) => (
                <li key={entry.code} data-testid={`status-${entry.code}`} data-colour={statusColour(entry.code)}>
                  <div className="flex justify-between gap-4 text-sm">
                    <span>
                      <span className="font-mono font-semibold">{entry.code}</span> {statusName(entry.code)}
                    </span>
                    <span className="tabular-nums">{entry.count.toLocaleString('en-US')}</span>
                  </div>
                  <Bar percent={maxStatusCount ? (entry.count / maxStatusCount) * 100 : 0} colour={BAR_CLASSES[statusColour(entry.code)]} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  )
}
