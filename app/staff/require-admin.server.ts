import { data, redirect } from 'react-router'
import { findAdminSession, type SignedInAdmin } from './admin-session.server'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { log } from '#app/lib/observability/logger.server'
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

// The staff layout's loader and the page's run side by side on one Request. They share one check:
// a page costs one session lookup, and none of the page's queries starts before that lookup has
// answered, so a page whose data fails still knows who is signed in.
const sessionChecks = new WeakMap<Request, Promise<AdminUser | null>>()
const enrolmentChecks = new WeakMap<Request, Promise<boolean>>()

function once<T>(checks: WeakMap<Request, Promise<T>>, request: Request, check: () => Promise<T>): Promise<T> {
  let pending = checks.get(request)
  if (!pending) {
    pending = check()
    checks.set(request, pending)
  }
  return pending
}

/** For admin pages and form actions: the signed-in admin, or a redirect to /admin-login?redirectTo=…. */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  assertSameOrigin(request)
  try {
    const admin = await once(sessionChecks, request, () => findAdminSession(request))
    const url = new URL(request.url)
    if (!admin) throw redirect(`/admin-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
    const page = url.pathname.replace(/\.data$/, '').toLowerCase()
    if (!isAccountPage(page) && (await once(enrolmentChecks, request, () => mustEnrolTotp(admin)))) {
      throw redirect(`${ACCOUNT_PAGE}?totp=required`)
    }
    return admin
  } catch (error) {
    // Who is signed in could not be read: the staff boundary says "We are briefly unavailable".
    if (!isDatabaseUnavailable(error)) throw error
    log.warn('database unavailable during the staff session check: answering 503')
    throw data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, headers: { 'Retry-After': '10' } })
  }
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
