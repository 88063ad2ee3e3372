import { z } from 'zod'

// The JSON API's paged lists (SPEC §7): ?page= from 1 and ?limit= up to a maximum; the total in
// X-Total-Count and the neighbouring pages in Link, as GitHub's API does. A page past the end is an
// empty list, not an error.
export type PageSize = { defaultLimit: number; maxLimit: number }

/** zod fields for ?page= and ?limit=, with the messages the API answers for a bad value. */
export function pagingFields({ defaultLimit, maxLimit }: PageSize) {
  const limitMessage = `limit must be a whole number from 1 to ${maxLimit}`
  return {
    page: z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .int('page must be a whole number from 1')
      .min(1, 'page must be a whole number from 1')
      .max(1_000_000, 'page must be at most 1000000')
      .default(1),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(defaultLimit),
  }
}

/** The named query parameters that have a value: an empty one (?page=) means the default. */
export function queryValues(url: URL, names: readonly string[]) {
  return Object.fromEntries([...url.searchParams].filter(([name, value]) => names.includes(name) && value))
}

function linkHeader(url: URL, page: number, limit: number, total: number) {
  const at = (target: number) => {
    const next = new URL(url)
    next.searchParams.set('page', String(target))
    next.searchParams.set('limit', String(limit))
    return `<${next.pathname}${next.search}>`
  }
  const links = []
  if (page * limit < total) links.push(`${at(page + 1)}; rel="next"`)
  if (page > 1) links.push(`${at(Math.min(page - 1, Math.max(1, Math.ceil(total / limit))))}; rel="prev"`)
  return links.join(', ')
}

/** One page of a list as JSON, with X-Total-Count and Link. */
export function pagedJson(url: URL, items: unknown[], { page, limit, total }: { page: number; limit: number; total: number }) {
  const headers = new Headers({ 'X-Total-Count': String(total) })
  const links = linkHeader(url, page, limit, total)
  if (links) headers.set('Link', links)
  return Response.json(items, { headers })
}
