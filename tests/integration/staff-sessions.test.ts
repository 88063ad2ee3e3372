import { beforeAll, describe, expect, it } from 'vitest'
import {
  endAdminSession,
  findAdminSession,
  pruneAdminSessions,
  SESSION_MAX_AGE_SECONDS,
  startAdminSession,
} from '#app/staff/admin-session.server'
import { signIn } from '#app/staff/sign-in.server'
import { AdminSession } from '#app/staff/admin-session-model.server'
import { User } from '#app/staff/user-model.server'
import { setupTestDatabase } from '#tests/support/database'
import { ensureAdminAccount } from '#app/staff/admin-account.server'

setupTestDatabase('staff_sessions')

function requestWith(setCookie: string) {
  return new Request('http://localhost/admin', { headers: { Cookie: setCookie.split(';')[0]! } })
}

let userId = ''
beforeAll(async () => {
  await ensureAdminAccount({ username: 'owner', password: 'a long and secret passphrase' })
  userId = String((await User.findOne({ username: 'owner' }).lean())!._id)
})

describe('staff sessions', () => {
  it('last 8 hours, are stored only as a hash and end for good at logout', async () => {
    const started = new Date('2026-01-01T08:00:00Z')
    const setCookie = await startAdminSession({ id: userId, username: 'owner' }, started)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toContain(`Max-Age=${SESSION_MAX_AGE_SECONDS}`)
    const token = decodeURIComponent(setCookie.split(';')[0]!.split('=')[1]!)
    const stored = await AdminSession.findOne().lean()
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[0]!.slice(1, 20))

    const request = requestWith(setCookie)
    expect(await findAdminSession(request, new Date('2026-01-01T15:59:00Z'))).toEqual({
      id: userId,
      username: 'owner',
      role: 'owner',
      totpEnabled: false,
    })
    expect(await findAdminSession(request, new Date('2026-01-01T16:00:01Z'))).toBeNull()

    await endAdminSession(request)
    expect(await findAdminSession(request, started)).toBeNull()
  })

  it('refuse a cookie whose signature was tampered with', async () => {
    const setCookie = await startAdminSession({ id: userId, username: 'owner' })
    const [pair] = setCookie.split(';')
    const tampered = new Request('http://localhost/admin', { headers: { Cookie: `${pair!.slice(0, -3)}abc` } })
    expect(await findAdminSession(tampered)).toBeNull()
    expect(await findAdminSession(requestWith(setCookie))).not.toBeNull()
  })

  it('end when their account is removed (the demo account once a password is configured)', async () => {
    await ensureAdminAccount({ username: 'admin', password: undefined, development: true })
    const demo = (await User.findOne({ demo: true }).lean())!
    const setCookie = await startAdminSession({ id: String(demo._id), username: demo.username })
    expect(await findAdminSession(requestWith(setCookie))).not.toBeNull()
    await ensureAdminAccount({ username: 'owner', password: 'a long and secret passphrase' })
    expect(await findAdminSession(requestWith(setCookie))).toBeNull()
  })

  it('are pruned once expired', async () => {
    await AdminSession.deleteMany({})
    await startAdminSession({ id: 'u3', username: 'owner' }, new Date(Date.now() - 9 * 3600_000))
    await startAdminSession({ id: 'u4', username: 'owner' })
    expect(await pruneAdminSessions()).toBe(1)
    expect(await AdminSession.countDocuments()).toBe(1)
  })
})

describe('sign-in', () => {
  const request = new Request('http://localhost/admin-login', { method: 'POST' })

  it('accepts the right password and refuses a wrong one, then rate-limits the username at that address only', async () => {
    expect(await signIn({ username: 'owner', password: 'a long and secret passphrase', clientIp: '203.0.113.1', request })).toMatchObject({
      outcome: 'signed-in',
    })
    for (let i = 0; i < 5; i++)
      expect((await signIn({ username: 'owner', password: 'nope', clientIp: '203.0.113.10', request })).outcome).toBe('invalid')
    const limited = await signIn({ username: 'OWNER', password: 'a long and secret passphrase', clientIp: '203.0.113.10', request })
    expect(limited.outcome).toBe('rate-limited')
    const elsewhere = await signIn({ username: 'owner', password: 'a long and secret passphrase', clientIp: '203.0.113.99', request })
    expect(elsewhere.outcome).toBe('signed-in')
  })
})
