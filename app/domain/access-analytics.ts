// SPEC §3 access analytics shape, shared by the API, the page and the browser.
import { formatHour } from './admin-format'

/** SPEC §2, §9: staff see the access logs of the last 24 hours. */
export const ANALYTICS_WINDOW_MS = 24 * 60 * 60 * 1000

export type AccessAnalytics = {
  totalRequests: number
  uniqueVisitors: number
  /** Mean response time in ms. */
  responseTimeAvg: number
  /** Status code → count. */
  httpStatusCodes: Record<string, number>
  /** Top pages, most visited first. */
  mostVisitedPages: { url: string; count: number }[]
  /** Requests answered but left out of the figures above because the log could not keep up. */
  notRecorded: number
  /** Ours, beyond SPEC §3: the same window hour by hour, for the traffic chart. */
  hourly: HourlyTraffic[]
}

/** One hour of traffic; the hour starts at `hour` (ISO time, on the hour in Eastern time too). */
export type HourlyTraffic = {
  hour: string
  requests: number
  uniqueVisitors: number
  /** 4xx responses. */
  clientErrors: number
  /** 5xx responses. */
  serverErrors: number
}

export const HOUR_MS = 60 * 60 * 1000
/** The chart shows the current hour and the 23 before it. */
export const CHART_HOURS = 24

const count = (value: number) => value.toLocaleString('en-US')

/**
 * The chart's text alternative in a few sentences: the day's traffic, its busiest hour, and the
 * hour the error responses started, which is what staff look at the chart for.
 */
export function describeTraffic(hours: HourlyTraffic[]): string {
  const total = hours.reduce((sum, hour) => sum + hour.requests, 0)
  if (total === 0) return 'No requests in the last 24 hours.'
  const busiest = hours.reduce((top, hour) => (hour.requests > top.requests ? hour : top))
  const mostVisitors = Math.max(...hours.map((hour) => hour.uniqueVisitors))
  const errors = (hour: HourlyTraffic) => hour.clientErrors + hour.serverErrors
  const clientErrors = hours.reduce((sum, hour) => sum + hour.clientErrors, 0)
  const serverErrors = hours.reduce((sum, hour) => sum + hour.serverErrors, 0)
  const traffic =
    `${count(total)} requests in the last 24 hours; the busiest hour was ${formatHour(busiest.hour)} ET with ` +
    `${count(busiest.requests)}, and up to ${count(mostVisitors)} unique visitors came in one hour.`
  if (clientErrors + serverErrors === 0) return `${traffic} No error responses.`
  const first = hours.find((hour) => errors(hour) > 0)!
  const worst = hours.reduce((top, hour) => (errors(hour) > errors(top) ? hour : top))
  return (
    `${traffic} ${count(clientErrors)} client errors (4xx) and ${count(serverErrors)} server errors (5xx); ` +
    `the first came in the hour from ${formatHour(first.hour)} ET, the most (${count(errors(worst))}) at ${formatHour(worst.hour)} ET.`
  )
}

type Conversions = { enquiries: number; checkoutsStarted: number; ordersPaid: number }

/** Visitors over a range, beside the request figures above (see domain/page-views.ts for what counts). */
export type VisitorAnalytics = {
  range: '24h' | '7d' | '30d'
  /** ISO times: the range runs from the start of an hour to now. */
  from: string
  to: string
  pageViews: number
  /** Views that start a visit: from another site, a link elsewhere or the address bar. */
  visits: number
  topPages: { path: string; title: string; views: number }[]
  /** Visits by where they came from: `utm_source`, else the referring site's domain, else Direct. */
  sources: { source: string; visits: number }[]
  /** Visits by device; tablets count as desktops. */
  devices: { phone: number; desktop: number }
  conversions: Conversions
  /** The same figures for the period of the same length just before. */
  previous: { pageViews: number; visits: number; conversions: Conversions }
}
