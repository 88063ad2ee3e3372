import { afterAll, describe, expect, it, vi } from 'vitest'
import { contextFor } from '#app/lib/http/request-context'

// SPEC §8 on the Access Logs page: a failure other than the database being away shows 'Failed to
// fetch analytics' or 'Failed to fetch logs' in the page, not the error page. (The database away:
// tests/integration/staff-load-failures.test.ts; with JavaScript: tests/e2e/staff-logs.spec.ts.)
vi.mock('#app/staff/require-admin.server', () => ({ requireAdmin: vi.fn(async () => ({ id: 'staff-1', username: 'staff' })) }))
vi.mock('#app/analytics/access-analytics.server', () => ({
  getAccessAnalytics: vi.fn(async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'requests')")
  }),
  getRawAccessLog: vi.fn(async () => {
    throw new RangeError('Invalid time value')
  }),
}))
vi.mock('#app/lib/observability/logger.server', () => ({ log: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } }))
// Unit test files share their worker's modules (vitest.config.ts): the route and the modules it
// imports are loaded again here, with the mocks above, and dropped after, so no other file gets them.
vi.hoisted(() => vi.resetModules())
afterAll(() => {
  vi.resetModules()
})
const { loader } = await import('./logs')
const { log } = await import('#app/lib/observability/logger.server')

async function load(path: string) {
  const request = new Request(`http://localhost${path}`)
  const result = (await loader({
    request,
    url: new URL(request.url),
    params: {},
    pattern: '/admin/logs',
    context: contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'test' }),
  })) as unknown as { data: { failure: unknown; analytics: unknown; logs: unknown }; init: { status: number } }
  return result
}

describe('the Access Logs page when its data fails for another reason than the database', () => {
  it('answers 500 with Failed to fetch analytics, and never the error itself', async () => {
    const { data, init } = await load('/admin/logs')
    expect(init.status).toBe(500)
    expect(data).toMatchObject({ analytics: null, failure: { kind: 'fetch', message: 'Failed to fetch analytics' } })
    expect(JSON.stringify(data)).not.toContain('requests')
    // The error itself is for the server's log.
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(TypeError) }, expect.any(String))
  })

  it('says Failed to fetch logs on the Raw Logs tab', async () => {
    const { data, init } = await load('/admin/logs?tab=raw')
    expect(init.status).toBe(500)
    expect(data).toMatchObject({ logs: null, failure: { kind: 'fetch', message: 'Failed to fetch logs' } })
  })
})
