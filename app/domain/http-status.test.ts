import { describe, expect, it } from 'vitest'
import { statusColour, statusName, successRatePercent } from './http-status'

describe('status codes on the access-log page', () => {
  it('names the codes SPEC lists and calls the rest Unknown', () => {
    expect(statusName(200)).toBe('OK')
    expect(statusName(304)).toBe('Not Modified')
    expect(statusName(500)).toBe('Server Error')
    expect(statusName(418)).toBe('Unknown')
  })

  it('names every other code the registry names, such as the ones this server sends', () => {
    expect(statusName(202)).toBe('Accepted')
    expect(statusName(429)).toBe('Too Many Requests')
    expect(statusName(503)).toBe('Service Unavailable')
    expect([301, 302, 303, 405, 409, 413, 415, 422, 502, 504].map(statusName)).not.toContain('Unknown')
    expect([306, 299, 600].map(statusName)).toEqual(['Unknown', 'Unknown', 'Unknown'])
  })

  it('colours bars by class', () => {
    expect([204, 302, 429, 503, 100].map(statusColour)).toEqual(['green', 'blue', 'orange', 'red', 'grey'])
  })

  it('rounds the share of 200 answers', () => {
    expect(successRatePercent({ '200': 2, '404': 1 }, 3)).toBe(67)
    expect(successRatePercent({}, 0)).toBe(0)
  })
})
