import { describe, expect, it } from 'vitest'
import { deriveKey, KEY_LABELS, namedKey } from './derived-keys.server'

const SECRET = 'a session secret of at least thirty-two characters'

describe('separate keys', () => {
  it('separate keys: each purpose gets its own 256-bit key, none of them the secret itself', () => {
    const totp = deriveKey(SECRET, 'totpSecrets')
    const honeypot = deriveKey(SECRET, 'honeypot')
    expect(totp).toHaveLength(32)
    expect(honeypot).toHaveLength(32)
    expect(totp.equals(honeypot)).toBe(false)
    for (const key of [totp, honeypot]) {
      expect(key.toString('utf8')).not.toContain(SECRET)
      expect(key.equals(Buffer.from(SECRET).subarray(0, 32))).toBe(false)
    }
    expect(new Set(Object.values(KEY_LABELS)).size).toBe(Object.keys(KEY_LABELS).length)
  })

  it('separate keys: the same secret gives the same key on every instance; another secret another key', () => {
    expect(deriveKey(SECRET, 'totpSecrets').equals(deriveKey(SECRET, 'totpSecrets'))).toBe(true)
    expect(deriveKey(`${SECRET}!`, 'totpSecrets').equals(deriveKey(SECRET, 'totpSecrets'))).toBe(false)
    expect(namedKey(deriveKey(SECRET, 'totpSecrets')).id).toBe(namedKey(deriveKey(SECRET, 'totpSecrets')).id)
    expect(namedKey(deriveKey(SECRET, 'totpSecrets')).id).not.toBe(namedKey(deriveKey(`${SECRET}!`, 'totpSecrets')).id)
  })
})
