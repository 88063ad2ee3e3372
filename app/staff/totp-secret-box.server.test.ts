import { describe, expect, it } from 'vitest'
import { deriveKey, namedKey } from '#app/lib/session/derived-keys.server'
import { openTotpSecret, sealTotpSecret, TotpSecretUnreadableError } from './totp-secret-box.server'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const USER = '64b7f0000000000000000001'
const current = namedKey(deriveKey('the current session secret, long enough', 'totpSecrets'))
const older = namedKey(deriveKey('the previous session secret, long enough', 'totpSecrets'))

describe('TOTP secrets at rest', () => {
  it('TOTP secrets at rest: a sealed secret opens to the same secret, and holds none of it in plain text', () => {
    const sealed = sealTotpSecret(SECRET, USER, [current])
    expect(sealed).toMatch(/^v1\$[\w-]{8}\$[\w-]{16}\$[\w-]+\$[\w-]{22}$/)
    expect(sealed).not.toContain(SECRET)
    expect(sealed).not.toContain(SECRET.slice(0, 8))
    expect(openTotpSecret(sealed, USER, [current])).toEqual({ secret: SECRET, reseal: false })
    // A random IV: the same secret never seals to the same text twice.
    expect(sealTotpSecret(SECRET, USER, [current])).not.toBe(sealed)
  })

  it('TOTP secrets at rest: a changed byte anywhere is refused', () => {
    const sealed = sealTotpSecret(SECRET, USER, [current])
    const parts = sealed.split('$')
    for (const index of [2, 3, 4]) {
      const part = parts[index]!
      const flipped = [...parts]
      flipped[index] = `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`
      expect(() => openTotpSecret(flipped.join('$'), USER, [current]), `part ${index}`).toThrow(TotpSecretUnreadableError)
    }
    for (const hostile of ['v1$x', 'v2$' + parts.slice(1).join('$'), `${sealed}$extra`, 'v1$'.padEnd(5000, 'a'), '', 'not a secret']) {
      expect(() => openTotpSecret(hostile, USER, [current])).toThrow(TotpSecretUnreadableError)
    }
  })

  it('TOTP secrets at rest: another account’s sealed secret is refused (bound to its account id)', () => {
    const sealed = sealTotpSecret(SECRET, USER, [current])
    expect(() => openTotpSecret(sealed, '64b7f0000000000000000002', [current])).toThrow(TotpSecretUnreadableError)
  })

  it('TOTP secrets at rest: the wrong key is refused; a rotated-out key still opens while listed, and asks to be sealed again', () => {
    const underOld = sealTotpSecret(SECRET, USER, [older])
    expect(() => openTotpSecret(underOld, USER, [current])).toThrow(TotpSecretUnreadableError)
    // Same key id, different key (a forged id): the tag check refuses it.
    const forged = underOld.replace(`$${older.id}$`, `$${current.id}$`)
    expect(() => openTotpSecret(forged, USER, [current])).toThrow(TotpSecretUnreadableError)
    expect(openTotpSecret(underOld, USER, [current, older])).toEqual({ secret: SECRET, reseal: true })
  })

  it('TOTP secrets at rest: a plain secret stored before sealing still opens, marked to be sealed', () => {
    expect(openTotpSecret(SECRET, USER, [current])).toEqual({ secret: SECRET, reseal: true })
  })
})
