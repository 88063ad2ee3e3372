import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest, safeRedirectPath } from './same-origin.server'

function post(headers: Record<string, string>) {
  return new Request('http://127.0.0.1:3000/admin', { method: 'POST', headers })
}

describe('cross-site POST refusal', () => {
  it('refuses a POST that another site sent', () => {
    expect(isCrossSiteRequest(post({ 'Sec-Fetch-Site': 'cross-site' }))).toBe(true)
    expect(isCrossSiteRequest(post({ 'Sec-Fetch-Site': 'same-site', Origin: 'http://127.0.0.1:3000' }))).toBe(true)
    expect(isCrossSiteRequest(post({ Origin: 'https://attacker.test' }))).toBe(true)
    expect(isCrossSiteRequest(post({ Origin: 'null' }))).toBe(true)
  })

  it('lets the site’s own forms and header-less clients through', () => {
    expect(isCrossSiteRequest(post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1:3000' }))).toBe(false)
    expect(isCrossSiteRequest(post({ Origin: 'https://example.test' }))).toBe(false)
    expect(isCrossSiteRequest(post({}))).toBe(false)
    expect(isCrossSiteRequest(new Request('http://127.0.0.1:3000/admin', { headers: { 'Sec-Fetch-Site': 'cross-site' } }))).toBe(false)
  })
})

describe('redirect after sign-in', () => {
  it('follows local paths only', () => {
    expect(safeRedirectPath('/admin/logs?tab=raw')).toBe('/admin/logs?tab=raw')
    expect(safeRedirectPath('//evil.test/x')).toBe('/admin')
    expect(safeRedirectPath('/\\evil.test')).toBe('/admin')
    expect(safeRedirectPath('https://evil.test')).toBe('/admin')
    expect(safeRedirectPath(null)).toBe('/admin')
  })

  it.each([
    '//evil.example/admin-login',
    '/\\evil.example',
    '/.//evil.example/admin-login',
    '/%2e//evil.example/admin-login',
    '/%2E//evil.example',
    '/a/..//evil.example',
    '/a/%2e%2e//evil.example',
    '/././/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/admin\tx',
    'evil.example',
    'javascript:alert(1)',
    '',
  ])('never leaves the site for %j', (target) => {
    expect(safeRedirectPath(target)).toBe('/admin')
  })

  it('keeps an ordinary path as the browser would resolve it', () => {
    expect(safeRedirectPath('/admin/./orders')).toBe('/admin/orders')
    expect(safeRedirectPath('/admin/orders/../logs#raw')).toBe('/admin/logs#raw')
    expect(safeRedirectPath('/admin/%2F%2Fx')).toBe('/admin/%2F%2Fx')
  })
})
