import { Link } from 'react-router'

/** Previous/next links that keep the other query parameters (search, tab). */
export function Pagination({
  page,
  pageCount,
  searchParams,
  label,
}: {
  page: number
  pageCount: number
  searchParams: URLSearchParams
  label: string
}) {
  if (pageCount <= 1) return null
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(searchParams)
    params.delete('view')
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `?${query}` : '?'
  }
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="text-brand-700 underline">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="text-brand-700 underline">
          Next
        </Link>
      ) : null}
    </nav>
  )
}
