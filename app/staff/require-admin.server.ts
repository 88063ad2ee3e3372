import { redirect } from 'react-router'
import { findAdminSession, type SignedInAdmin } from './admin-session.server'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { isTotpRequired } from './staff-accounts.server'

// Every admin page, action and API starts with one of these guards, on the server, every time.
// All of them also refuse state-changing requests that come from another site, and a session of a
// disabled account (findAdminSession).

export type AdminUser = SignedInAdmin

/** Where an account without two-step verification is sent while owners require it. */
export const ACCOUNT_PAGE = '/admin/account'
export const TOTP_REQUIRED_MESSAGE = 'Two-step verification is required for every staff account: turn it on at /admin/account first.'
export const OWNERS_ONLY_MESSAGE = 'Only owners can do this.'

/** The account page and its tasks (/admin/account/…): what stays open to set up two-step verification. */
export function isAccountPage(pathname: string) {
  return pathname === ACCOUNT_PAGE || pathname.startsWith(`${ACCOUNT_PAGE}/`)
}

/** True when owners require two-step verification and this account has none yet. */
export async function mustEnrolTotp(admin: AdminUser) {
  return !admin.totpEnabled && (await isTotpRequired())
}

/** For admin pages and form actions: the signed-in admin, or a redirect to /admin-login?redirectTo=…. */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  assertSameOrigin(request)
  const admin = await findAdminSession(request)
  const url = new URL(request.url)
  if (!admin) throw redirect(`/admin-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  const page = url.pathname.replace(/\.data$/, '').toLowerCase()
  if (!isAccountPage(page) && (await mustEnrolTotp(admin))) throw redirect(`${ACCOUNT_PAGE}?totp=required`)
  return admin
}

/** For /api/admin/* and other admin-only JSON endpoints: the signed-in admin, or a 401 JSON response. */
export async function requireAdminApi(request: Request): Promise<AdminUser> {
  assertSameOrigin(request)
  const admin = await findAdminSession(request)
  if (!admin) throw Response.json({ message: 'Sign in as staff to use this endpoint.' }, { status: 401 })
  if (await mustEnrolTotp(admin)) throw Response.json({ message: TOTP_REQUIRED_MESSAGE }, { status: 403 })
  return admin
}

/** For owners' pages (accounts, audit trail): a staff (not owner) session gets 403. */
export async function requireOwner(request: Request): Promise<AdminUser> {
  const admin = await requireAdmin(request)
  if (admin.role !== 'owner') throw new Response(OWNERS_ONLY_MESSAGE, { status: 403, statusText: 'Forbidden' })
  return admin
}

/** For owners' JSON endpoints (`/api/admin/staff`): 401 signed out, 403 for a staff (not owner) session. */
export async function requireOwnerApi(request: Request): Promise<AdminUser> {
  const admin = await requireAdminApi(request)
  if (admin.role !== 'owner') throw Response.json({ message: OWNERS_ONLY_MESSAGE }, { status: 403 })
  return admin
}
