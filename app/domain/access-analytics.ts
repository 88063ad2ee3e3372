// SPEC §3 access analytics shape, shared by the API, the page and the browser.

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
}
