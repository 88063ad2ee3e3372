import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { describeTraffic, type HourlyTraffic } from '#app/domain/access-analytics'
import { niceCeiling, TrafficChart } from './traffic-chart'

// 24 hours ending 2026-03-02 15:00 UTC = 10 AM Eastern (EST, UTC-5).
const hours: HourlyTraffic[] = Array.from({ length: 24 }, (_, i) => ({
  hour: new Date(Date.UTC(2026, 2, 1, 16 + i)).toISOString(),
  requests: i === 20 ? 1200 : 100,
  uniqueVisitors: i === 20 ? 300 : 20,
  clientErrors: i >= 21 ? 4 : 0,
  serverErrors: i === 22 ? 7 : 0,
}))

describe('the traffic chart', () => {
  it('is an SVG image with a name, drawn on the server, with a bar per hour and hour labels in Eastern time', () => {
    const html = renderToString(<TrafficChart hours={hours} />)
    expect(html).toMatch(/<svg[^>]*role="img"/)
    expect(html).toContain('<title id=')
    expect(html).toContain('Requests, unique visitors and error responses per hour, last 24 hours')
    expect(html.match(/<g data-hour=/g)).toHaveLength(24)
    // The first hour, 16:00 UTC, is 11 AM in New York; labels every third hour.
    expect(html).toContain('>11 AM</text>')
    expect(html).toContain('>2 PM</text>')
  })

  it('gives the same figures as text: a summary sentence and a table of every hour', () => {
    const html = renderToString(<TrafficChart hours={hours} />)
    expect(html).toContain(describeTraffic(hours))
    expect(html.match(/<th scope="row"/g)).toHaveLength(24)
    expect(html).toContain('Sun 11 AM')
    expect(html).toContain('1,200')
  })

  it('summarises the busiest hour and when the errors started, in Eastern time', () => {
    expect(describeTraffic(hours)).toBe(
      '3,500 requests in the last 24 hours; the busiest hour was 7 AM ET with 1,200, and up to 300 unique visitors came in one hour. ' +
        '12 client errors (4xx) and 7 server errors (5xx); the first came in the hour from 8 AM ET, the most (11) at 9 AM ET.',
    )
    const quiet = hours.map((hour) => ({ ...hour, clientErrors: 0, serverErrors: 0 }))
    expect(describeTraffic(quiet)).toMatch(/No error responses\.$/)
  })

  it('rounds its scales up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 20, 21, 480, 501, 1200].map(niceCeiling)).toEqual([1, 1, 5, 20, 50, 500, 1000, 2000])
  })
})
