import { redirect } from 'react-router'
import { findAdminSession, type SignedInAdmin } from './admin-session.server'
import { assertSameOrigin } from './same-origin.server'

// Every admin page, action and API starts with one of these two guards, on the server, every time.
// Both also refuse state-changing requests that come from another site.

export type AdminUser = SignedInAdmin

/** For admin pages and form actions: the signed-in admin, or a redirect to /admin-login?redirectTo=…. */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  assertSameOrigin(request)
  const admin = await findAdminSession(request)
  if (admin) return admin
  const url = new URL(request.url)
  throw redirect(`/admin-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
}

/** For /api/admin/* and other admin-only JSON endpoints: the signed-in admin, or a 401 JSON response. */
export async function requireAdminApi(request: Request): Promise<AdminUser> {
  assertSameOrigin(request)
  const admin = await findAdminSession(request)
  if (admin) return admin
  throw Response.json({ message: 'Sign in as staff to use this endpoint.' }, { status: 401 })
}
