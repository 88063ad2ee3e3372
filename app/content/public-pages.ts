import { legalDocuments } from './legal'
import { newsArticles } from './news'

/** Every indexable public page, for the sitemap and the accessibility sweep. Checkout is noindex. */
export function publicPagePaths(): string[] {
  return [
    '/',
    '/news',
    ...newsArticles.map((article) => `/news/${article.slug}`),
    ...legalDocuments.map((document) => `/${document.slug}`),
    '/resources',
  ]
}
