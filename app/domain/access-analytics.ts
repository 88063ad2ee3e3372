// SPEC §3 access analytics shape, shared by the API, the page and the browser.
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
