import { createHmac, timingSafeEqual } from 'node:crypto'
import { isValidObjectId } from 'mongoose'
import { getEnv } from '#app/lib/config/env.server'
import { sessionSecrets } from '#app/lib/session/secrets.server'

// The buyer's "Manage your subscription" link: no account, so the link itself is the proof. It
// names the order and its expiry, signed with the session secrets under a label of its own (the
// first secret signs, every one verifies, so a rotation keeps sent links working).

export const MANAGE_LINK_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
const LABEL = 'manage-subscription:v1'

export type ManageLink = { orderId: string; expires: number; signature: string }

function sign(secret: string, orderId: string, expires: number) {
  return createHmac('sha256', secret).update(`${LABEL}:${orderId}:${expires}`).digest('base64url')
}

export function manageLinkPath(link: ManageLink) {
  return `/manage-subscription/${link.orderId}?expires=${link.expires}&signature=${link.signature}`
}

/** A fresh link for the order, valid for MANAGE_LINK_DAYS. */
export function createManageLink(orderId: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor((now + MANAGE_LINK_DAYS * DAY_MS) / 1000)
  const signature = sign(sessionSecrets()[0]!, orderId, expires)
  return { url: `${getEnv().SITE_URL}${manageLinkPath({ orderId, expires, signature })}`, expiresAt: new Date(expires * 1000) }
}

export type ManageLinkCheck = { valid: true; orderId: string } | { valid: false; reason: 'malformed' | 'tampered' | 'expired' }

/** Checks a link's parts as they arrive from the URL (any of them may be missing or hostile). */
export function checkManageLink(
  orderId: string | undefined,
  expiresParam: string | null,
  signature: string | null,
  now = Date.now(),
): ManageLinkCheck {
  if (!orderId || !isValidObjectId(orderId) || !/^[0-9a-f]{24}$/i.test(orderId)) return { valid: false, reason: 'malformed' }
  if (!expiresParam || !/^\d{1,12}$/.test(expiresParam) || !signature || !/^[A-Za-z0-9_-]{43}$/.test(signature))
    return { valid: false, reason: 'malformed' }
  const expires = Number(expiresParam)
  const given = Buffer.from(signature, 'base64url')
  const matches = sessionSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, orderId, expires), 'base64url')
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  if (!matches) return { valid: false, reason: 'tampered' }
  // Checked after the signature, so a forged expiry is "tampered", not "expired".
  if (expires * 1000 <= now) return { valid: false, reason: 'expired' }
  return { valid: true, orderId }
}
