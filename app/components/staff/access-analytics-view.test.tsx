import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AccessAnalytics } from '#app/domain/access-analytics'
import { AccessAnalyticsView } from './access-analytics-view'

const analytics: AccessAnalytics = {
  totalRequests: 3,
  uniqueVisitors: 2,
  responseTimeAvg: 12.5,
  httpStatusCodes: { '200': 3 },
  mostVisitedPages: [{ url: '/', count: 3 }],
  notRecorded: 0,
  hourly: [],
}

describe('the access analytics', () => {
  it('tell staff how many requests were not recorded during overload, beside the figures', () => {
    const html = renderToString(<AccessAnalyticsView analytics={{ ...analytics, notRecorded: 1204 }} />)
    expect(html).toContain('1,204 requests during overload were not recorded')
    expect(renderToString(<AccessAnalyticsView analytics={{ ...analytics, notRecorded: 1 }} />)).toContain(
      '1 request during overload was not recorded',
    )
  })

  it('say nothing of it when every request was recorded', () => {
    expect(renderToString(<AccessAnalyticsView analytics={analytics} />)).not.toContain('not recorded')
  })
})
