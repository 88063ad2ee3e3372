import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecrets } from './secrets.server'

// Links that are their own proof (no account behind them): what they name and when they expire,
// signed with the session secrets under a label per kind of link, so a signature made for one kind
// is worth nothing for another. The first secret signs and every one verifies, so a rotation keeps
// links already mailed working.

export type SignedLinkCheck = { valid: true } | { valid: false; reason: 'malformed' | 'tampered' | 'expired' }

function sign(secret: string, label: string, subject: string, expires: number) {
  return createHmac('sha256', secret).update(`${label}:${subject}:${expires}`).digest('base64url')
}

/** The signature of a link of kind `label` naming `subject`, valid until `expires` (Unix seconds). */
export function signLink(label: string, subject: string, expires: number) {
  return sign(sessionSecrets()[0]!, label, subject, expires)
}

/**
 * Checks a link's expiry and signature as they arrive from the URL (either may be missing or
 * hostile); the caller has checked the shape of `subject`.
 */
export function checkSignedLink(
  label: string,
  subject: string,
  expiresParam: string | null,
  signature: string | null,
  now = Date.now(),
): SignedLinkCheck {
  if (!expiresParam || !/^\d{1,12}$/.test(expiresParam) || !signature || !/^[A-Za-z0-9_-]{43}$/.test(signature))
    return { valid: false, reason: 'malformed' }
  const expires = Number(expiresParam)
  const given = Buffer.from(signature, 'base64url')
  const matches = sessionSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, label, subject, expires), 'base64url')
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  if (!matches) return { valid: false, reason: 'tampered' }
  // Checked after the signature, so a forged expiry is "tampered", not "expired".
  if (expires * 1000 <= now) return { valid: false, reason: 'expired' }
  return { valid: true }
}
