import { expect, test } from 'vitest'
import { publicPagePaths } from './public-pages'

test('the sitemap lists the home page, the news list, ten articles, three legal pages and resources', () => {
  const paths = publicPagePaths()
  expect(paths).toContain('/')
  expect(paths.filter((path) => path.startsWith('/news/'))).toHaveLength(10)
  expect(paths).toEqual(
    expect.arrayContaining(['/privacy-policy', '/terms-of-service', '/security-policy', '/resources', '/news/ftc-safeguards-rule']),
  )
  expect(new Set(paths).size).toBe(paths.length)
})
