import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { matchRecoveryCode, newRecoveryCodes } from './totp.server'

describe('recovery codes', () => {
  it('Recovery codes: are stored with a salt of their own, so equal codes never share a hash', () => {
    const { codes, hashes } = newRecoveryCodes()
    expect(hashes.every((hash) => /^s1\$[\w-]{22}\$[\w-]{43}$/.test(hash))).toBe(true)
    expect(hashes.some((hash) => hash.includes(createHash('sha256').update(codes[0]!.replace('-', '')).digest('base64url')))).toBe(false)
    expect(matchRecoveryCode(hashes, codes[3]!.toUpperCase())).toBe(hashes[3])
    expect(matchRecoveryCode(hashes, 'aaaaa-bbbbb')).toBeUndefined()
  })

  it('Recovery codes: hashed before salting still match, so stored data keeps working', () => {
    const legacy = createHash('sha256').update('abcde12345').digest('base64url')
    expect(matchRecoveryCode([legacy], 'ABCDE-12345')).toBe(legacy)
    expect(matchRecoveryCode([legacy], 'abcde-12346')).toBeUndefined()
  })
})
