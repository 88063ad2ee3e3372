import { redirect } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { cancelTotpEnrolment } from '#app/staff/totp.server'
import type { Route } from './+types/account-two-step-cancel'

// One task of one's own account page: give up a two-step set-up before its first code.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return redirect('/admin/account')
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  await cancelTotpEnrolment(admin.id)
  return redirect('/admin/account#two-step', 303)
}
