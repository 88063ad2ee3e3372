import { redirect } from 'react-router'
import { REVERIFY_WINDOW_MINUTES } from '#app/domain/staff'
import { sessionVerifiedAt } from './admin-session.server'

// A signed-in session is not enough for the changes that would hand an account to someone else:
// removing two-step verification, resetting a password, adding an owner. Those need the password or
// a code entered within the last few minutes on this session (sign-in counts), as the Epic Stack's
// "reverify" does; otherwise the person is sent to the confirm page and back. The time is kept on the
// session's record in the database, never in the cookie.

export const REVERIFY_WINDOW_MS = REVERIFY_WINDOW_MINUTES * 60 * 1000
export const VERIFY_PAGE = '/admin/verify'
export const REVERIFY_REQUIRED_MESSAGE = `Confirm it’s you first: enter your password or a two-step code at ${VERIFY_PAGE}, then try again within ${REVERIFY_WINDOW_MINUTES} minutes.`

/** True when the request's session proved its holder within the window. */
export async function isRecentlyVerified(request: Request, now = new Date()) {
  const verifiedAt = await sessionVerifiedAt(request, now)
  return verifiedAt !== null && now.getTime() - verifiedAt.getTime() < REVERIFY_WINDOW_MS
}

/**
 * The confirm page's address, coming back to the page the request was made from (its data URL's
 * page), or to `returnTo` when the request is a task of a page (`/admin/staff/ann/two-step/remove`).
 */
export function verifyPageFor(request: Request, returnTo?: string) {
  if (returnTo) return `${VERIFY_PAGE}?redirectTo=${encodeURIComponent(returnTo)}`
  const url = new URL(request.url)
  const page = url.pathname.replace(/\.data$/, '')
  // A form's post comes back to its page; a page's own search (filters, tabs) only for a GET,
  // without the router's own parameters of a data request.
  url.searchParams.delete('_routes')
  url.searchParams.delete('index')
  const back = request.method === 'GET' && url.search ? `${page}${url.search}` : page
  return `${VERIFY_PAGE}?redirectTo=${encodeURIComponent(back)}`
}

/** For staff pages' actions: carries on when recently verified, else redirects (303) to the confirm page. */
export async function requireRecentVerification(request: Request, returnTo?: string) {
  if (!(await isRecentlyVerified(request))) throw redirect(verifyPageFor(request, returnTo), 303)
}

/** For the staff API: carries on when recently verified, else 403 naming the confirm page. */
export async function requireRecentVerificationApi(request: Request) {
  if (!(await isRecentlyVerified(request)))
    throw Response.json({ message: REVERIFY_REQUIRED_MESSAGE, verifyUrl: VERIFY_PAGE }, { status: 403 })
}
