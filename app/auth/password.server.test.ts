import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password.server'

describe('password hashing', () => {
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
