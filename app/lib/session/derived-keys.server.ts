import { createHash, hkdfSync } from 'node:crypto'
import { sessionSecrets } from './secrets.server'

// One operator secret (SESSION_SECRET), a key of its own for each use: HKDF (RFC 5869) with a
// label per purpose, so a key that leaks from one use (the honeypot's, which the page's forms
// carry encrypted values of) tells nothing about another (the TOTP secrets' at rest). Cookie
// signing keeps the secrets themselves, as React Router's cookies take them.

/** The purposes a key is derived for; a new purpose gets a new label, never a reused one. */
export const KEY_LABELS = {
  totpSecrets: 'roswell-it/totp-secrets/aes-256-gcm/v1',
  honeypot: 'roswell-it/honeypot/v1',
} as const
export type KeyPurpose = keyof typeof KEY_LABELS

// A fixed salt: the secret is already random (32+ characters checked at start-up), and every
// instance must derive the same keys from it.
const SALT = 'roswell-it/derived-keys'

/** A 256-bit key for `purpose` from one secret. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, KEY_LABELS[purpose], 32))
}

/** A key and a short name for it that can be stored beside what it encrypted (not secret: a hash of the key). */
export type NamedKey = { id: string; key: Buffer }

export function namedKey(key: Buffer): NamedKey {
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key }
}

const cache = new Map<KeyPurpose, NamedKey[]>()

/**
 * The keys for `purpose`, one per configured secret: the first encrypts, every one decrypts, so a
 * secret rotated in with `SESSION_SECRET=new,old` still reads what the old one wrote.
 */
export function derivedKeys(purpose: KeyPurpose): NamedKey[] {
  let keys = cache.get(purpose)
  if (!keys) {
    keys = sessionSecrets().map((secret) => namedKey(deriveKey(secret, purpose)))
    cache.set(purpose, keys)
  }
  return keys
}
