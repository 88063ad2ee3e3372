import { redirect } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { pendingTotpSecret } from '#app/staff/totp.server'
import type { Route } from './+types/account-two-step-start'

// One task of one's own account page: begin setting up two-step verification (a pending secret,
// shown as a QR code and as text until a first code confirms it). Nothing is typed, nothing refused.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return redirect('/admin/account')
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  if (admin.totpEnabled) return redirect('/admin/account', 303)
  await pendingTotpSecret(admin.id)
  return redirect('/admin/account#two-step', 303)
}
