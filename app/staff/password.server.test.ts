import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_SCRYPT_COST } from '#tests/support/scrypt-cost'
import { hashPassword, needsRehash, SCRYPT_PARAMS, scryptParams, setScryptCost, verifyPassword } from './password.server'

// What doesn't depend on the cost runs at the test servers' cost: at production's, each hash takes
// 128 MiB and a few hundred milliseconds on purpose (seconds on a busy machine).
describe('password hashing, at the test servers’ cost', () => {
  beforeAll(() => setScryptCost(Number(TEST_SCRYPT_COST)))
  afterAll(() => setScryptCost(17))

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).not.toContain('correct horse')
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  it('refuses malformed stored values', async () => {
    expect(await verifyPassword('x', 'plain-text-password')).toBe(false)
  })
})

describe('password hashing at the production cost', { timeout: 60_000 }, () => {
  it('hashes with OWASP’s scrypt parameters and asks for a rehash of anything else', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    const hash = await hashPassword('pass')
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true)
    expect(needsRehash(hash)).toBe(false)
    expect(needsRehash(hash.replace('scrypt$131072$', 'scrypt$32768$'))).toBe(true)
    expect(needsRehash('plain-text-password')).toBe(true)
  })

  it('refuses stored parameters that would cost more than twice today’s work', async () => {
    const hash = await hashPassword('pass')
    expect(await verifyPassword('pass', hash.replace('scrypt$131072$', `scrypt$${2 ** 20}$`))).toBe(false)
  })

  it('hashes at a test server’s cheaper cost when told to, and still verifies a hash made at the production cost', async () => {
    const production = await hashPassword('pass')
    expect(production.startsWith('scrypt$131072$8$1$')).toBe(true)
    setScryptCost(10)
    try {
      expect(scryptParams()).toEqual({ N: 2 ** 10, r: 8, p: 1 })
      const cheap = await hashPassword('pass')
      expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true)
      expect(await verifyPassword('pass', cheap)).toBe(true)
      // Verification follows the parameters stored with each hash, whatever the configured cost.
      expect(await verifyPassword('pass', production)).toBe(true)
      expect(await verifyPassword('wrong', production)).toBe(false)
      expect(needsRehash(production)).toBe(true)
      expect(needsRehash(cheap)).toBe(false)
    } finally {
      setScryptCost(17)
    }
    expect(scryptParams()).toEqual(SCRYPT_PARAMS)
    expect(() => setScryptCost(18)).toThrow(RangeError)
  })
})
