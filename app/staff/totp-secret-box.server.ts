import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { derivedKeys, type NamedKey } from '#app/lib/session/derived-keys.server'

// TOTP secrets at rest: AES-256-GCM under a key derived from SESSION_SECRET (derived-keys.server.ts),
// so a copy of the database alone (a backup, a dump) can't mint sign-in codes. Stored as
// `v1$<key id>$<iv>$<ciphertext>$<tag>` (base64url): the version names the format, the key id the
// secret it was sealed under, so after `SESSION_SECRET=new,old` every secret is still read and is
// sealed again under the new key. The account id is authenticated with it: a sealed secret copied
// to another account's record is refused.

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
/** A base32 secret as authenticator apps take it: what was stored before secrets were sealed. */
const PLAIN_SECRET = /^[A-Z2-7]{16,128}$/
const MAX_STORED_LENGTH = 400

export class TotpSecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`a two-step secret can't be read: ${reason}`)
    this.name = 'TotpSecretUnreadableError'
  }
}

const additionalData = (userId: string) => Buffer.from(`totp-secret:${userId}`)
const defaultKeys = () => derivedKeys('totpSecrets')

/** Seals a base32 secret for the account under the current (first) key, with a fresh random IV. */
export function sealTotpSecret(secret: string, userId: string, keys: readonly NamedKey[] = defaultKeys()): string {
  const { id, key } = keys[0]!
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(additionalData(userId))
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [VERSION, id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('$')
}

export type OpenedSecret = {
  secret: string
  /** True when the stored value should be written again: plain text, or sealed under an older key. */
  reseal: boolean
}

/**
 * The base32 secret a stored value holds. A plain secret (stored before sealing) is returned as it
 * is, marked to be sealed. Throws TotpSecretUnreadableError for a key that is no longer configured,
 * a value changed in the database, or one sealed for another account.
 */
export function openTotpSecret(stored: string, userId: string, keys: readonly NamedKey[] = defaultKeys()): OpenedSecret {
  if (PLAIN_SECRET.test(stored)) return { secret: stored, reseal: true }
  if (stored.length > MAX_STORED_LENGTH) throw new TotpSecretUnreadableError('too long')
  const [version, keyId, iv, ciphertext, tag, ...rest] = stored.split('$')
  if (version !== VERSION || !keyId || !iv || !ciphertext || !tag || rest.length > 0)
    throw new TotpSecretUnreadableError('not a sealed secret')
  const index = keys.findIndex((candidate) => candidate.id === keyId)
  if (index < 0) throw new TotpSecretUnreadableError('sealed under a key that is no longer configured')
  const decipher = createDecipheriv('aes-256-gcm', keys[index]!.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES })
  decipher.setAAD(additionalData(userId))
  const tagBytes = Buffer.from(tag, 'base64url')
  if (tagBytes.length !== TAG_BYTES) throw new TotpSecretUnreadableError('bad tag')
  decipher.setAuthTag(tagBytes)
  let secret: string
  try {
    secret = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new TotpSecretUnreadableError('changed, or sealed for another account')
  }
  return { secret, reseal: index > 0 }
}
