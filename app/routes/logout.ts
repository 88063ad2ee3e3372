import { redirect } from 'react-router'
import { endAdminSession } from '#app/staff/admin-session.server'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { LOGGED_OUT_TOAST } from '#app/domain/admin-login-fields'
import { redirectWithToast } from '#app/lib/session/toast.server'
import type { Route } from './+types/logout'

// Visiting /logout by link changes nothing: only the POST from the Logout button ends the session.
export function loader() {
  return redirect('/admin')
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const clearCookie = await endAdminSession(request)
  return redirectWithToast('/', LOGGED_OUT_TOAST, { headers: { 'Set-Cookie': clearCookie } })
}
