import { Form, Link, useLocation } from 'react-router'

export const adminButtonClass =
  'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:pointer-events-none aria-disabled:opacity-50'

/** Logout is a POST (a link could be triggered by another site or a prefetch). */
export function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={adminButtonClass}>
        Logout
      </button>
    </Form>
  )
}

/** Reloads the page's data: a plain link to the same address, so it works without JavaScript. */
export function RefreshLink() {
  const location = useLocation()
  return (
    <Link to={location.pathname + location.search} className={adminButtonClass} preventScrollReset>
      Refresh
    </Link>
  )
}
