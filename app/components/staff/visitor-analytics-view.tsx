import { Link } from 'react-router'
import type { VisitorAnalytics } from '#app/domain/access-analytics'
import { ANALYTICS_RANGES, type AnalyticsRange, formatChange, formatRate, RANGE_LABELS } from '#app/domain/page-views'
import { formatCount } from '#app/domain/plural'
import { Card } from './card'
import { StatTile } from './stat-tile'

// Visitors, not requests: page views, visits and their sources, devices and conversions over
// 24 hours, 7 or 30 days, each beside the period before. The range is a link (?range=), so it
// works without JavaScript and can be shared.

const PERIOD_BEFORE: Record<AnalyticsRange, string> = {
  '24h': 'the 24 hours before',
  '7d': 'the 7 days before',
  '30d': 'the 30 days before',
}

function changeClass(change: string) {
  if (change.startsWith('+') || change === 'new') return 'text-green-700'
  if (change.startsWith('−')) return 'text-red-700'
  return 'text-slate-600'
}

function Figure({ label, value, previous, range }: { label: string; value: number; previous: number; range: AnalyticsRange }) {
  const change = formatChange(value, previous)
  return (
    <StatTile label={label} value={value.toLocaleString('en-US')}>
      <p className="mt-1 text-xs text-slate-600">
        <span className={`font-semibold ${changeClass(change)}`}>{change}</span> vs {PERIOD_BEFORE[range]} (
        {previous.toLocaleString('en-US')})
      </p>
    </StatTile>
  )
}

function Bar({ percent }: { percent: number }) {
  return (
    <div className="mt-1 h-2 w-full rounded-full bg-slate-100" aria-hidden="true">
      <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.max(1, Math.min(100, percent))}%` }} />
    </div>
  )
}

export function RangePicker({ range }: { range: AnalyticsRange }) {
  return (
    <nav aria-label="Range" className="flex flex-wrap gap-2">
      {ANALYTICS_RANGES.map((option) => (
        <Link
          key={option}
          to={`/admin/logs?range=${option}`}
          preventScrollReset
          aria-current={option === range ? 'page' : undefined}
          className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
            option === range ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
          }`}
        >
          {RANGE_LABELS[option]}
        </Link>
      ))}
    </nav>
  )
}

export function VisitorAnalyticsView({ visitors }: { visitors: VisitorAnalytics }) {
  const { range, previous, conversions } = visitors
  const topViews = visitors.topPages[0]?.views ?? 0
  const topVisits = visitors.sources[0]?.visits ?? 0
  const deviceTotal = visitors.devices.phone + visitors.devices.desktop
  const phonePercent = deviceTotal ? Math.round((visitors.devices.phone / deviceTotal) * 100) : 0
  return (
    <section aria-labelledby="visitors-heading" className="space-y-4" data-testid="visitor-analytics">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="visitors-heading" className="text-xl font-bold text-slate-900">
          Visitors <span className="font-normal text-slate-600">· {RANGE_LABELS[range].toLowerCase()}</span>
        </h2>
        <RangePicker range={range} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="visitor-figures">
        <Figure label="Page views" value={visitors.pageViews} previous={previous.pageViews} range={range} />
        <Figure label="Visits" value={visitors.visits} previous={previous.visits} range={range} />
        <Figure label="Enquiries sent" value={conversions.enquiries} previous={previous.conversions.enquiries} range={range} />
        <Figure label="Orders paid" value={conversions.ordersPaid} previous={previous.conversions.ordersPaid} range={range} />
      </div>
      <p className="text-xs text-slate-600">
        Page views count visitors’ pages only: not staff pages, the API, files, health checks or bots, and a change of options on the same
        page (checkout’s plan and options) is not a new view. A visit starts with a view that came from another site, a link elsewhere or
        the address bar.
      </p>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card region headingId="conversions-heading" level={3} title="Conversions">
          <dl className="mt-3 divide-y divide-slate-100 text-sm">
            {[
              {
                label: 'Enquiries sent',
                value: conversions.enquiries,
                before: previous.conversions.enquiries,
                rate: `${formatRate(conversions.enquiries, visitors.visits)} of visits`,
              },
              {
                label: 'Checkouts started',
                value: conversions.checkoutsStarted,
                before: previous.conversions.checkoutsStarted,
                rate: `${formatRate(conversions.checkoutsStarted, visitors.visits)} of visits`,
              },
              {
                label: 'Orders paid',
                value: conversions.ordersPaid,
                before: previous.conversions.ordersPaid,
                rate: `${formatRate(conversions.ordersPaid, conversions.checkoutsStarted)} of checkouts`,
              },
            ].map((row) => (
              <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <dt className="font-medium text-slate-800">{row.label}</dt>
                <dd className="flex items-baseline gap-3 tabular-nums">
                  <span className="text-lg font-semibold text-slate-900">{row.value.toLocaleString('en-US')}</span>
                  <span className="text-slate-600">{row.rate}</span>
                  <span className={`text-xs font-semibold ${changeClass(formatChange(row.value, row.before))}`}>
                    {formatChange(row.value, row.before)}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </Card>

        <Card region headingId="devices-heading" level={3} title="Devices">
          {deviceTotal === 0 ? (
            <p className="mt-3 text-slate-600">No visits in this range</p>
          ) : (
            <>
              <div className="mt-4 flex h-3 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <div className="h-3 bg-brand-600" style={{ width: `${phonePercent}%` }} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm" data-testid="devices">
                <div>
                  <dt className="text-slate-600">Phone</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                    {formatCount(visitors.devices.phone, 'visit')}{' '}
                    <span className="text-sm font-normal text-slate-600">({phonePercent}%)</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Desktop</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                    {formatCount(visitors.devices.desktop, 'visit')}{' '}
                    <span className="text-sm font-normal text-slate-600">({100 - phonePercent}%)</span>
                  </dd>
                </div>
              </dl>
            </>
          )}
        </Card>

        <Card region headingId="top-pages-heading" level={3} title="Top pages">
          {visitors.topPages.length === 0 ? (
            <p className="mt-3 text-slate-600">No page views in this range</p>
          ) : (
            <ol className="mt-3 space-y-3">
              {visitors.topPages.map((page) => (
                <li key={page.path}>
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{page.title}</span>
                      <span className="block truncate font-mono text-xs text-slate-600">{page.path}</span>
                    </span>
                    <span className="shrink-0 tabular-nums">{formatCount(page.views, 'view')}</span>
                  </div>
                  <Bar percent={topViews ? (page.views / topViews) * 100 : 0} />
                </li>
              ))}
            </ol>
          )}
        </Card>

        <Card region headingId="sources-heading" level={3} title="Sources">
          {visitors.sources.length === 0 ? (
            <p className="mt-3 text-slate-600">No visits in this range</p>
          ) : (
            <ol className="mt-3 space-y-3">
              {visitors.sources.map((source) => (
                <li key={source.source}>
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate font-medium text-slate-900">{source.source}</span>
                    <span className="shrink-0 tabular-nums">{formatCount(source.visits, 'visit')}</span>
                  </div>
                  <Bar percent={topVisits ? (source.visits / topVisits) * 100 : 0} />
                </li>
              ))}
            </ol>
          )}
          <p className="mt-3 text-xs text-slate-600">A link’s utm_source first, else the site the visitor came from.</p>
        </Card>
      </div>
    </section>
  )
}
