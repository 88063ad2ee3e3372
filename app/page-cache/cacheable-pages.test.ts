import { describe, expect, it } from 'vitest'
import { CHECKOUT_QUERY_PARAMS, checkoutSearch } from '#app/domain/checkout-choices'
import { carriesCookie, pageCacheKey } from './cacheable-pages'

describe('pageCacheKey', () => {
  it('serves public pages, their data requests and the public reads', () => {
    for (const path of [
      '/',
      '/news',
      '/news/ftc-safeguards-rule',
      '/resources',
      '/privacy-policy',
      '/terms-of-service',
      '/security-policy',
    ])
      expect(pageCacheKey(path, ''), path).toBe(path)
    for (const path of ['/checkout', '/checkout/2', '/sitemap.xml', '/robots.txt', '/api/plans', '/api/services', '/api/solutions'])
      expect(pageCacheKey(path, ''), path).toBe(path)
    expect(pageCacheKey('/_.data', '')).toBe('/_.data')
    expect(pageCacheKey('/news.data', '?_routes=routes%2Fnews')).toBe('/news.data?_routes=routes%2Fnews')
  })

  it('keeps the checkout choices in the key', () => {
    const search = `?${checkoutSearch(new URLSearchParams(), { plan: 2, microsoft365: 'business_standard', ms365_users: '7', cloud_backup: true })}`
    expect(pageCacheKey('/checkout', search)).toBe(`/checkout${search}`)
  })

  it('L3: keys checkout only by values its own links write, each once', () => {
    expect(pageCacheKey('/checkout', '?plan=3&microsoft365=e3&ms365_users=1000&cloud_backup=false')).not.toBeNull()
    for (const search of [
      '?plan=zzab',
      '?plan=0',
      '?plan=0002',
      '?plan=2&plan=3',
      '?ms365_users=99999999',
      '?ms365_users=1001',
      '?ms365_users=0',
      '?ms365_users=07',
      '?ms365_users=',
      '?microsoft365=e5',
      '?cloud_backup=yes',
    ])
      expect(pageCacheKey('/checkout', search), search).toBeNull()
    expect(pageCacheKey('/checkout/0123', '')).toBeNull()
    expect(pageCacheKey('/checkout.data', '?ms365_users=99999999&_routes=routes%2Fcheckout')).toBeNull()
  })

  it('keys a page that reads no query, linked with campaign parameters, as the page without them', () => {
    expect(pageCacheKey('/', '?utm_source=forum')).toBe('/')
    expect(pageCacheKey('/news/ftc-safeguards-rule', '?utm_source=newsletter&utm_medium=email&utm_campaign=nov&fbclid=IwAR0x')).toBe(
      '/news/ftc-safeguards-rule',
    )
    expect(pageCacheKey('/news.data', '?gclid=Cj0K&_routes=routes%2Fnews')).toBe('/news.data?_routes=routes%2Fnews')
    // Only the campaign parameters are forgiven: anything else unknown still bypasses.
    expect(pageCacheKey('/', '?utm_source=forum&session_id=cs_1')).toBeNull()
    expect(pageCacheKey('/', '?utmsource=forum')).toBeNull()
    // Checkout writes the rest of its query into its links: there they make the page one of its own.
    expect(pageCacheKey('/checkout/2', '?microsoft365=business_standard&utm_source=newsletter')).toBeNull()
  })

  it('leaves staff pages, the private API, unknown pages and unknown queries to React Router', () => {
    for (const path of [
      '/admin',
      '/admin/logs',
      '/admin-login',
      '/api/orders/1',
      '/api/admin/logs',
      '/news/Not_A_Slug',
      '/news/a/b',
      '/nope',
      '/index.data',
    ])
      expect(pageCacheKey(path, ''), path).toBeNull()
    expect(pageCacheKey('/checkout', '?plan=2&payment_intent_client_secret=pi_secret')).toBeNull()
    expect(pageCacheKey('/checkout', '?checkout_result=success&session_id=cs_1')).toBeNull()
    expect(pageCacheKey('/news', '?_routes=routes%2Fnews')).toBeNull()
    expect(pageCacheKey('/checkout', `?ms365_users=${'9'.repeat(300)}`)).toBeNull()
  })

  it('keys any address shaped like an article: articles live in the database (a 404 or a redirect is never kept)', () => {
    expect(pageCacheKey('/news/a-new-article-2026', '')).toBe('/news/a-new-article-2026')
    expect(pageCacheKey('/news/a-new-article-2026.data', '')).toBe('/news/a-new-article-2026.data')
  })

  it('knows every parameter the checkout page writes', () => {
    const written = checkoutSearch(new URLSearchParams(), { plan: 1, microsoft365: 'none', ms365_users: '1', cloud_backup: false })
    expect([...written.keys()].sort()).toEqual([...CHECKOUT_QUERY_PARAMS].sort())
  })
})

describe('carriesCookie', () => {
  const personal = new Set(['en_admin', 'en_toast'])
  it('finds a named cookie among others', () => {
    expect(carriesCookie('a=1; en_toast=xyz; b=2', personal)).toBe(true)
    expect(carriesCookie('en_admin=s%3Aabc', personal)).toBe(true)
  })
  it('ignores other cookies and look-alikes', () => {
    expect(carriesCookie(undefined, personal)).toBe(false)
    expect(carriesCookie('en_chat_visitor=1; x_en_toast=2', personal)).toBe(false)
    expect(carriesCookie('a=en_toast', personal)).toBe(false)
  })
})
