import { redirect } from 'react-router'

// PLACEHOLDER until the staff-area work adds server-side sessions: nobody is an admin yet.
// The signatures stay: pages call requireAdmin (redirects to sign-in), APIs requireAdminApi (401 JSON).

export type AdminUser = { id: string; username: string }

/** For admin pages and form actions: the signed-in admin, or a redirect to /admin-login?redirectTo=…. */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const url = new URL(request.url)
  throw redirect(`/admin-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
}

/** For /api/admin/* and other admin-only JSON endpoints: the signed-in admin, or a 401 JSON response. */
export async function requireAdminApi(_request: Request): Promise<AdminUser> {
  throw Response.json({ message: 'Sign in as staff to use this endpoint.' }, { status: 401 })
}
