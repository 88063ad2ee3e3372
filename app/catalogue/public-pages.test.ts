import { expect, test } from 'vitest'
import { publicPagePaths } from './public-pages'

test('the fixed public pages: home, the news list, three legal pages and resources (articles come from the database)', () => {
  const paths = publicPagePaths()
  expect(paths).toEqual(['/', '/news', '/privacy-policy', '/terms-of-service', '/security-policy', '/resources'])
})
