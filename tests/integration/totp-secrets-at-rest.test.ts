import { Honeypot } from 'remix-utils/honeypot/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveKey, namedKey } from '#app/lib/session/derived-keys.server'
import { hashPassword } from '#app/staff/password.server'
import { openTotpSecret, sealTotpSecret } from '#app/staff/totp-secret-box.server'
import { User } from '#app/staff/user-model.server'
import { type AppServer, startAppServer, TEST_SESSION_SECRET, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'
import { currentTotpStep, totpCode } from '#tests/support/totp'

// TOTP secrets are sealed (AES-256-GCM) under a key derived from SESSION_SECRET; the honeypot has a
// key of its own. Checked against the built server and the real database.

const uri = setupTestDatabase('totp_at_rest')
let server: AppServer

beforeAll(async () => {
  server = await startAppServer({ mongodbUri: uri })
})
afterAll(async () => {
  await server?.stop()
})

const totpKey = (secret: string) => namedKey(deriveKey(secret, 'totpSecrets'))
const PLAIN = /[A-Z2-7]{32}/

const form = (path: string, fields: Record<string, string>, cookie = '') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { Cookie: cookie }, body: new URLSearchParams(fields), redirect: 'manual' })

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith('en_admin='))
    ?.split(';')[0]

/** Password, then a code of the given step: true when a full session results. */
async function signInWithCode(username: string, password: string, secret: string, step: number) {
  const afterPassword = await form('/admin-login', { username, password })
  expect(afterPassword.headers.get('Location')).toMatch(/^\/admin-login\/code/)
  const signedIn = await form('/admin-login/code', { code: totpCode(secret, step), redirectTo: '/admin' }, sessionCookieOf(afterPassword))
  return signedIn.status === 303 && signedIn.headers.get('Location') === '/admin'
}

async function legacyAccount(username: string, password: string, fields: Record<string, unknown>) {
  const user = await User.create({ username, name: username, role: 'staff', password: await hashPassword(password), ...fields })
  return String(user._id)
}

describe('TOTP secrets at rest', () => {
  it('TOTP secrets at rest: after enrolment the database holds no plain secret, and sign-in with a code still works', async () => {
    const cookie = await signInOverHttp(server.url)
    await form('/admin/account/two-step/start', { intent: 'totp-start' }, cookie)
    const owner = (await User.findOne({ username: TEST_STAFF.username }).lean())!
    // Sealed from the moment it is made, before it is confirmed.
    expect(owner.totpPendingSecret).toMatch(/^v1\$/)
    const page = await (await fetch(`${server.url}/admin/account`, { headers: { Cookie: cookie } })).text()
    const secret = /data-testid="totp-secret"[^>]*>([^<]+)</.exec(page)![1]!.replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(JSON.stringify(owner)).not.toContain(secret)

    const step = currentTotpStep()
    const confirmed = await form('/admin/account/two-step/confirm', { intent: 'totp-confirm', code: totpCode(secret, step) }, cookie)
    expect(confirmed.status).toBe(200)
    const enrolled = (await User.findOne({ username: TEST_STAFF.username }).lean())!
    expect(enrolled.totpSecret).toMatch(/^v1\$/)
    expect(enrolled.totpPendingSecret).toBeNull()
    expect(JSON.stringify(enrolled)).not.toContain(secret)
    expect(openTotpSecret(enrolled.totpSecret!, String(enrolled._id), [totpKey(TEST_SESSION_SECRET)]).secret).toBe(secret)

    expect(await signInWithCode(TEST_STAFF.username, TEST_STAFF.password, secret, step + 1)).toBe(true)
  })

  it('TOTP secrets at rest: a plain secret stored before sealing still signs in, and is sealed when read', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ'
    const id = await legacyAccount('legacy-lee', 'lee’s long enough passphrase', { totpSecret: secret, totpEnabledAt: new Date() })
    expect(await signInWithCode('legacy-lee', 'lee’s long enough passphrase', secret, currentTotpStep())).toBe(true)
    const stored = (await User.findById(id).lean())!.totpSecret!
    expect(stored).toMatch(/^v1\$/)
    expect(stored).not.toMatch(PLAIN)
    expect(openTotpSecret(stored, id, [totpKey(TEST_SESSION_SECRET)])).toEqual({ secret, reseal: false })
  })

  it('TOTP secrets at rest: a start seals every plain secret, and after SESSION_SECRET=new,old re-seals under the new key', async () => {
    const plain = 'KRSXG5DTMVRXEZLUKRSXG5DTMVRXEZLU'
    const pending = 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK'
    const underOld = 'ONSWG4TFOQYTEMZUONSWG4TFOQYTEMZU'
    const plainId = await legacyAccount('legacy-pat', 'pat’s long enough passphrase', { totpSecret: plain, totpEnabledAt: new Date() })
    const pendingId = await legacyAccount('legacy-kim', 'kim’s long enough passphrase', { totpPendingSecret: pending })
    const oldId = await legacyAccount('legacy-ash', 'ash’s long enough passphrase', { totpEnabledAt: new Date() })
    await User.updateOne({ _id: oldId }, { $set: { totpSecret: sealTotpSecret(underOld, oldId, [totpKey(TEST_SESSION_SECRET)]) } })

    const newSecret = 'a brand new session secret of more than 32 characters'
    await server.stop()
    server = await startAppServer({ mongodbUri: uri, env: { SESSION_SECRET: `${newSecret},${TEST_SESSION_SECRET}` } })
    expect(server.output()).toContain('two-step secrets sealed under the current key')

    const newOnly = [totpKey(newSecret)]
    const read = async (id: string, field: 'totpSecret' | 'totpPendingSecret') => {
      const stored = (await User.findById(id).lean())![field]!
      expect(stored).not.toMatch(PLAIN)
      return openTotpSecret(stored, id, newOnly).secret
    }
    expect(await read(plainId, 'totpSecret')).toBe(plain)
    expect(await read(pendingId, 'totpPendingSecret')).toBe(pending)
    expect(await read(oldId, 'totpSecret')).toBe(underOld)
    expect(await signInWithCode('legacy-ash', 'ash’s long enough passphrase', underOld, currentTotpStep())).toBe(true)

    // Back to the test secret for the files' other tests: the new key's secrets are then unreadable,
    // which the start says (and an owner would remove those accounts' two-step verification).
    await server.stop()
    server = await startAppServer({ mongodbUri: uri })
    expect(server.output()).toContain('two-step secrets cannot be read with SESSION_SECRET')
    const refused = await form('/admin-login', { username: 'legacy-ash', password: 'ash’s long enough passphrase' })
    const code = await form('/admin-login/code', { code: totpCode(underOld, currentTotpStep() + 1) }, sessionCookieOf(refused))
    expect(code.status).toBe(400)
  }, 180_000)
})

describe('separate keys', () => {
  it('separate keys: the honeypot’s encrypted field is not keyed with SESSION_SECRET itself', async () => {
    const html = await (await fetch(server.url)).text()
    const validFrom = /<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0]
    const fields = new FormData()
    fields.set('name__confirm', '')
    fields.set('from__confirm', /value="([^"]*)"/.exec(validFrom ?? '')?.[1] ?? '')
    expect(fields.get('from__confirm')).not.toBe('')
    const derived = new Honeypot({
      nameFieldName: 'name__confirm',
      encryptionSeed: deriveKey(TEST_SESSION_SECRET, 'honeypot').toString('base64'),
    })
    await expect(derived.check(fields)).resolves.toBeUndefined()
    const raw = new Honeypot({ nameFieldName: 'name__confirm', encryptionSeed: TEST_SESSION_SECRET })
    await expect(raw.check(fields)).rejects.toThrow()
  })
})
