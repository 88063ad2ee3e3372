import { legalDocuments } from './legal'

/**
 * The indexable public pages that are not stored content, for the sitemap and the accessibility
 * sweep; the sitemap adds every published article (/news/:slug) from the database. Checkout is noindex.
 */
export function publicPagePaths(): string[] {
  return ['/', '/news', ...legalDocuments.map((document) => `/${document.slug}`), '/resources']
}
