import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'

// The staff area's layout (a pathless route around every /admin page): the page frame, and the
// error boundary that keeps a staff page's failure inside the staff chrome ('Order not found',
// not the public 404 page with its redirect home). A new staff page is a child of this route in
// app/routes.ts and starts with <StaffHeader>. Each page's loader and action still start with
// requireAdmin: a layout's loader would not guard its children's data requests.

export default function StaffLayout() {
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-28 pb-16">
      <Outlet />
    </main>
  )
}

function describeFailure(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const said = typeof error.data === 'string' && error.data ? error.data : null
    if (error.status === 404) return { title: said ?? 'Not found', message: 'It may have been removed, or the address is mistyped.' }
    if (error.status === 503) return { title: 'We are briefly unavailable', message: said ?? DATABASE_UNAVAILABLE_MESSAGE }
    if (error.status === 403) return { title: 'Not allowed', message: said ?? 'This request was refused.' }
  }
  return { title: 'Something went wrong', message: 'This staff page could not be shown. Please try again in a minute.' }
}

export function ErrorBoundary() {
  const { title, message } = describeFailure(useRouteError())
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-28 pb-16">
      <StaffHeader title={title}>
        <Link to="/admin" className={adminButtonClass}>
          Back to Admin
        </Link>
        <Link to="/admin/orders" className={adminButtonClass}>
          View Orders
        </Link>
        <Link to="/admin/logs" className={adminButtonClass}>
          View Access Logs
        </Link>
      </StaffHeader>
      <p role="alert" className="mt-8 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        {message}
      </p>
    </main>
  )
}
