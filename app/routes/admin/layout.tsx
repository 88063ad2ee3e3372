import {
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { chatInboxCounts } from '#app/chat/inbox-counts.server'
import { countNewEnquiries } from '#app/enquiries/enquiry-workflow.server'
import { staffDisplayName } from '#app/chat/staff-chat.server'
import { requireAdmin } from '#app/staff/require-admin.server'
import { adminButtonClass } from '#app/components/staff/admin-buttons'
import { StaffHeader } from '#app/components/staff/staff-header'
import { type StaffShellData, StaffShell, TwoStepBanner } from '#app/components/staff/staff-shell'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { markStaffAnswer } from '#app/lib/http/request-context'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'
import { staffStylesheetLinks } from '#app/components/stylesheet'
import type { Route } from './+types/layout'

// The staff area's layout (a pathless route around every /admin page): the console's own frame
// (navigation, who is signed in, sign-out) and the error boundary that keeps a staff page's failure
// inside it ('Order not found', not the public 404 page with its redirect home). A new staff page
// is a child of this route in app/routes.ts and starts with <StaffHeader>. Each page's loader and
// action still start with requireAdmin: a layout's loader would not guard its children's data requests.

// The staff console's classes are not in the public pages' inline stylesheet.
export const links: Route.LinksFunction = staffStylesheetLinks

// Every answer of the staff area (pages, their data requests, redirects) is kept by no cache,
// however the path was spelled: the router matched this layout, so entry.server marks it private.
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    markStaffAnswer(context)
    return next()
  },
]

export async function loader({ request }: Route.LoaderArgs): Promise<StaffShellData> {
  const admin = await requireAdmin(request)
  const me = { name: admin.username, username: admin.username, owner: admin.role === 'owner', totpEnabled: admin.totpEnabled }
  try {
    const [name, newEnquiries, chats] = await Promise.all([staffDisplayName(admin), countNewEnquiries(), chatInboxCounts()])
    return { me: { ...me, name }, counts: { newEnquiries, unreadChats: chats.unread } }
  } catch (error) {
    // The page itself says the database is away; the frame still lets staff move and sign out.
    if (!isDatabaseUnavailable(error)) throw error
    return { me, counts: { newEnquiries: 0, unreadChats: 0 } }
  }
}

/** Like the root's: moving within one page (search, tabs, Refresh) leaves the frame as it is, so a lost answer fails only the page. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

function useShellData() {
  return useRouteLoaderData<typeof loader>('routes/admin/layout')
}

function Frame({ children }: { children: React.ReactNode }) {
  const data = useShellData()
  const { pathname } = useLocation()
  const askForTwoStep = data && data.me.owner && !data.me.totpEnabled && !pathname.startsWith('/admin/account')
  return (
    <StaffShell data={data}>
      <main id="main" className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
        {askForTwoStep ? <TwoStepBanner /> : null}
        {children}
      </main>
    </StaffShell>
  )
}

export default function StaffLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
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
    <Frame>
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
    </Frame>
  )
}
