import { describe, expect, it } from 'vitest'
import { contentSchemas, formatArticleDate, formInput, parseDollars, slugFromTitle } from './content-rules'

const plan = { name: 'Essential', description: 'Core support.', price: 299, features: ['Patch management'], popular: false, hidden: false }

describe('content rules', () => {
  it('read a form as the API shape: lines, flags, dollars, ratings', () => {
    const form: Record<string, string> = {
      name: ' Essential ',
      description: 'x',
      price: '$1,299.50',
      features: 'One\r\n\n two \n',
      popular: 'on',
    }
    expect(formInput('plans', (name) => form[name] ?? null)).toEqual({
      name: ' Essential ',
      description: 'x',
      price: 1299.5,
      features: ['One', 'two'],
      popular: true,
      hidden: false,
    })
    expect(formInput('testimonials', (name) => ({ rating: '4.5' })[name] ?? null).rating).toBeNaN()
    expect(formInput('news', () => null).image).toBeNull()
  })

  it('take prices in dollars with whole cents only', () => {
    expect(parseDollars('599')).toBe(599)
    expect(parseDollars('599.9')).toBe(599.9)
    for (const bad of ['', '-5', '1e3', '10.005', 'abc', '0x10']) expect(parseDollars(bad), bad).toBeNaN()
    expect(contentSchemas.plans.safeParse({ ...plan, price: 0 }).error?.issues[0]?.message).toBe('Price must be more than $0')
    expect(contentSchemas.plans.safeParse({ ...plan, price: 10.005 }).error?.issues[0]?.message).toBe('Price must be in whole cents')
    expect(contentSchemas.plans.safeParse({ ...plan, price: 100_000.01 }).error?.issues[0]?.message).toBe('Price must be at most $100,000')
    expect(contentSchemas.plans.safeParse({ ...plan, price: 0.1 + 0.2 }).success).toBe(true)
  })

  it('accept only site illustrations and stored uploads as images, never another site or an SVG upload', () => {
    const service = { name: 'S', shortDescription: 's', description: 'd', price: 0, priceType: 'month', features: ['f'], hidden: false }
    for (const image of ['/images/services/cloud.svg', '/uploads/0123456789abcdef01234567.webp'])
      expect(contentSchemas.services.safeParse({ ...service, image }).success, image).toBe(true)
    for (const image of [
      'https://evil.example/x.png',
      '/uploads/0123456789abcdef01234567.svg',
      '/images/../secret.svg',
      'javascript:alert(1)',
    ])
      expect(contentSchemas.services.safeParse({ ...service, image }).success, image).toBe(false)
  })

  it('check slugs and dates of articles', () => {
    const article = {
      title: 'T',
      slug: 'a-b',
      date: '2025-06-03',
      excerpt: 'e',
      body: 'b',
      image: null,
      status: 'draft',
      layout: 'standard',
    }
    expect(contentSchemas.news.safeParse(article).success).toBe(true)
    for (const slug of ['A-b', 'a--b', '-a', 'a b', 'a/b'])
      expect(contentSchemas.news.safeParse({ ...article, slug }).success, slug).toBe(false)
    for (const date of ['2025-02-30', '2025-6-3', 'June 3, 2025'])
      expect(contentSchemas.news.safeParse({ ...article, date }).success, date).toBe(false)
  })

  it('make a slug from a title and show dates as people read them', () => {
    expect(slugFromTitle('Windows 11: What Now?')).toBe('windows-11-what-now')
    expect(slugFromTitle('Café & Co. — 2026')).toBe('cafe-co-2026')
    expect(formatArticleDate('2025-06-03')).toBe('June 3, 2025')
  })
})
