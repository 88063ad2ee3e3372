import { isValidObjectId } from 'mongoose'
import { getEnv } from '#app/lib/config/env.server'
import { checkSignedLink, signLink } from '#app/lib/session/signed-link.server'

// The buyer's "Manage your subscription" link: no account, so the link itself is the proof. It
// names the order and its expiry, signed under a label of its own (lib/session/signed-link.server.ts).

export const MANAGE_LINK_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
const LABEL = 'manage-subscription:v1'

export type ManageLink = { orderId: string; expires: number; signature: string }

export function manageLinkPath(link: ManageLink) {
  return `/manage-subscription/${link.orderId}?expires=${link.expires}&signature=${link.signature}`
}

/** A fresh link for the order, valid for MANAGE_LINK_DAYS. */
export function createManageLink(orderId: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor((now + MANAGE_LINK_DAYS * DAY_MS) / 1000)
  const signature = signLink(LABEL, orderId, expires)
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
  const check = checkSignedLink(LABEL, orderId, expiresParam, signature, now)
  if (!check.valid) return check
  return { valid: true, orderId }
}
