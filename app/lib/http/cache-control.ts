// Every page's Cache-Control, in one place. A CDN in front keeps the public site at the edge with
// the in-process page cache's freshness (app/page-cache/: five minutes, then rendered again; a
// stale copy while the database is away); what one visitor or staff see is kept by no cache.

/**
 * Anonymous public pages as the page cache answers them (hash-based CSP, no nonce, nothing of the
 * visitor): browsers ask again each time (ETag, 304); a shared cache keeps them 300 s, may answer
 * a stale copy for 60 s while it asks again, and for a day when this server fails.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400'

/**
 * Staff pages, and pages rendered for one visitor (a per-response CSP nonce, a flash message, a
 * staff session): no cache keeps them.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** A page that could not load part of its content (a list the database did not give): kept by no cache. */
export const INCOMPLETE_CACHE_CONTROL = 'no-store'

/** A loader's headers for a page showing these lists: no-store when one of them failed to load. */
export function listHeaders(...lists: { ok: boolean }[]): Record<string, string> {
  return lists.every((list) => list.ok) ? {} : { 'Cache-Control': INCOMPLETE_CACHE_CONTROL }
}

/** A route's `headers`: its loader's Cache-Control, when it set one (listHeaders). */
export function loaderCacheControl({ loaderHeaders }: { loaderHeaders: Headers }): Record<string, string> {
  const value = loaderHeaders.get('Cache-Control')
  return value ? { 'Cache-Control': value } : {}
}
