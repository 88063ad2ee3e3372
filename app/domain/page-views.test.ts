import { describe, expect, it } from 'vitest'
import {
  classifyPageView,
  cleanUtmSource,
  deviceOf,
  formatChange,
  formatRate,
  isBot,
  pageOfDataPath,
  parseRange,
  type RequestFacts,
  sourceOf,
} from './page-views'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const OWN = ['roswellit.example']
const site = (path: string) => `https://roswellit.example${path}`

const documentRequest = (path: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  path,
  status: 200,
  contentType: 'text/html; charset=utf-8',
  userAgent: CHROME,
  ...more,
})
const dataRequest = (path: string, from: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  path,
  status: 200,
  contentType: 'text/x-script',
  userAgent: CHROME,
  referrer: site(from),
  ...more,
})

describe('which requests are page views', () => {
  it('counts a visitor opening a page, and a client navigation to another page', () => {
    expect(classifyPageView(documentRequest('/news'), OWN)).toEqual({
      page: '/news',
      entrance: true,
      source: 'Direct',
      device: 'desktop',
      checkout: false,
    })
    expect(classifyPageView(dataRequest('/news.data', '/'), OWN)).toMatchObject({ page: '/news', entrance: false })
    expect(classifyPageView(dataRequest('/_root.data', '/news'), OWN)).toMatchObject({ page: '/' })
    expect(classifyPageView(dataRequest('/_.data', '/news'), OWN)).toMatchObject({ page: '/' })
    // Without JavaScript, following a link loads the next document from our own page.
    expect(classifyPageView(documentRequest('/resources', { referrer: site('/') }), OWN)).toMatchObject({ entrance: false })
  })

  it('leaves out staff pages, the API, files, health checks and machine paths', () => {
    for (const path of [
      '/admin',
      '/admin/logs',
      '/admin-login',
      '/set-password',
      '/api/plans',
      '/livez',
      '/metrics',
      '/robots.txt',
      '/sitemap.xml',
      '/assets/app-1.js',
      '/uploads/a.png',
      '/wp-login.php',
    ])
      expect(classifyPageView(documentRequest(path), OWN), path).toBeNull()
    expect(classifyPageView(dataRequest('/admin/logs.data', '/admin'), OWN)).toBeNull()
    // Staff leaving their pages for the site are still staff.
    expect(classifyPageView(dataRequest('/news.data', '/admin'), OWN)).toBeNull()
  })

  it('leaves out errors, redirects, posts, prefetches and answers that are neither a page nor its data', () => {
    expect(classifyPageView(documentRequest('/nope', { status: 404 }), OWN)).toBeNull()
    expect(classifyPageView(documentRequest('/news/old', { status: 301 }), OWN)).toBeNull()
    expect(classifyPageView(documentRequest('/', { method: 'POST' }), OWN)).toBeNull()
    expect(classifyPageView(dataRequest('/news.data', '/', { purpose: 'prefetch' }), OWN)).toBeNull()
    expect(classifyPageView(documentRequest('/', { purpose: 'prefetch;prerender' }), OWN)).toBeNull()
    expect(classifyPageView(documentRequest('/', { contentType: 'application/json' }), OWN)).toBeNull()
    // Data fetched from anywhere but our own page is no navigation.
    expect(classifyPageView(dataRequest('/news.data', '/', { referrer: null }), OWN)).toBeNull()
  })

  it('counts each option change on checkout, a revalidation or a form that reloads its page as no new view', () => {
    expect(classifyPageView(dataRequest('/checkout/2.data', '/checkout/2'), OWN)).toBeNull()
    expect(classifyPageView(dataRequest('/checkout/3.data', '/checkout/2'), OWN)).toBeNull()
    expect(classifyPageView(dataRequest('/checkout/2.data', '/checkout'), OWN)).toBeNull()
    expect(classifyPageView(documentRequest('/checkout/2', { referrer: site('/checkout/2') }), OWN)).toBeNull()
    expect(classifyPageView(dataRequest('/_root.data', '/'), OWN)).toBeNull()
    expect(classifyPageView(documentRequest('/', { referrer: site('/') }), OWN)).toBeNull()
    // Arriving at checkout from another page is a view, and a checkout started.
    expect(classifyPageView(dataRequest('/checkout/2.data', '/'), OWN)).toMatchObject({ page: '/checkout/2', checkout: true })
    expect(classifyPageView(documentRequest('/checkout'), OWN)).toMatchObject({ checkout: true, entrance: true })
  })

  it('leaves out obvious bots, scripts and requests without a user agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'python-requests/2.32',
      'Go-http-client/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; UptimeRobot/2.0)',
      '',
    ])
      expect(isBot(agent), agent).toBe(true)
    expect(isBot(null)).toBe(true)
    expect(isBot(CHROME)).toBe(false)
    expect(isBot(IPHONE)).toBe(false)
    expect(classifyPageView(documentRequest('/', { userAgent: 'Googlebot/2.1' }), OWN)).toBeNull()
  })

  it('tells phones from desktops, tablets counting as desktops', () => {
    expect(deviceOf(IPHONE)).toBe('phone')
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('phone')
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe(
      'desktop',
    )
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('desktop')
    expect(deviceOf(CHROME)).toBe('desktop')
    expect(classifyPageView(documentRequest('/', { userAgent: IPHONE }), OWN)).toMatchObject({ device: 'phone' })
  })
})

describe('where a visit came from', () => {
  it('reads utm_source first, then the referring domain without www, else Direct', () => {
    expect(sourceOf('Newsletter', 'https://www.google.com/', OWN)).toBe('newsletter')
    expect(sourceOf(null, 'https://www.google.com/', OWN)).toBe('google.com')
    expect(sourceOf(null, 'https://l.facebook.com/l.php', OWN)).toBe('l.facebook.com')
    expect(sourceOf(null, null, OWN)).toBe('Direct')
    expect(sourceOf(null, site('/news'), OWN)).toBe('Direct')
    expect(sourceOf(null, 'android-app://com.slack', OWN)).toBe('com.slack')
    expect(sourceOf(null, 'not a url', OWN)).toBe('Direct')
  })

  it('keeps a hostile utm_source short and plain', () => {
    expect(cleanUtmSource('<script>alert(1)</script>')).toBe('scriptalert1script')
    expect(cleanUtmSource('x'.repeat(5000))).toHaveLength(64)
    expect(cleanUtmSource('   ')).toBeNull()
    expect(
      classifyPageView(documentRequest('/', { utmSource: 'Spring Mailer', referrer: 'https://mail.example.org/' }), OWN),
    ).toMatchObject({
      source: 'spring mailer',
    })
  })

  it('takes the home page and trailing slashes as the pages they are', () => {
    expect(pageOfDataPath('/news/')).toBe('/news')
    expect(pageOfDataPath('/')).toBe('/')
  })
})

describe('ranges, changes and rates', () => {
  it('reads the range from the address, the last 7 days when missing or unknown', () => {
    expect(parseRange('24h')).toBe('24h')
    expect(parseRange('30d')).toBe('30d')
    expect(parseRange(null)).toBe('7d')
    expect(parseRange('365d')).toBe('7d')
  })

  it('says the change against the period before', () => {
    expect(formatChange(120, 100)).toBe('+20%')
    expect(formatChange(95, 100)).toBe('−5%')
    expect(formatChange(100, 100)).toBe('0%')
    expect(formatChange(3, 0)).toBe('new')
    expect(formatChange(0, 0)).toBe('0%')
  })

  it('gives rates with a decimal when they are small', () => {
    expect(formatRate(1, 30)).toBe('3.3%')
    expect(formatRate(15, 100)).toBe('15%')
    expect(formatRate(1, 0)).toBe('–')
  })
})
