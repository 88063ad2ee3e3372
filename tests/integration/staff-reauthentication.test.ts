import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminSession } from '#app/staff/admin-session-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { hashPassword } from '#app/staff/password.server'
import { User } from '#app/staff/user-model.server'
import { ATTEMPTS_PER_USERNAME_AND_ADDRESS } from '#app/staff/sign-in.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'
import { currentTotpStep, totpCode } from '#tests/support/totp'
import { untilBurstFitsInWindow } from '#tests/support/rate-limit-window'

// L5: removing two-step verification, a new set-password link and adding an owner need the password
// or a code entered within the last 10 minutes on the same session, never for one's own account.
// Against the built server and the real database.

const uri = setupTestDatabase('staff_reauth')
let server: AppServer
let passwordHash = ''

const PASSWORD = 'an owner’s long enough passphrase'
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const VERIFY_STAFF_PAGE = '/admin/verify?redirectTo=%2Fadmin%2Fstaff'

beforeAll(async () => {
  // One hash for every account of the file: scrypt is slow on purpose.
  ;[server, passwordHash] = await Promise.all([startAppServer({ mongodbUri: uri }), hashPassword(PASSWORD)])
})
afterAll(async () => {
  await server?.stop()
})

const form = (path: string, fields: Record<string, string>, cookie = '') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { Cookie: cookie }, body: new URLSearchParams(fields), redirect: 'manual' })

const json = (cookie: string, method: string, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
  })

async function account(username: string, role: 'owner' | 'staff', fields: Record<string, unknown> = {}) {
  const user = await User.create({ username, name: `Name of ${username}`, role, password: passwordHash, ...fields })
  return String(user._id)
}

/** An owner signed in just now (sign-in counts as a confirmation), and a way to age that confirmation. */
async function signedInOwner(username: string) {
  const id = await account(username, 'owner')
  const cookie = await signInOverHttp(server.url, { username, password: PASSWORD })
  return {
    id,
    cookie,
    /** As if the last confirmation were 11 minutes ago (or, with null, as a session from before confirmations). */
    age: (verifiedAt: Date | null = new Date(Date.now() - 11 * 60 * 1000)) =>
      AdminSession.updateMany({ userId: id }, { $set: { verifiedAt } }),
  }
}

const confirmWithPassword = (cookie: string, password = PASSWORD, redirectTo = '/admin/staff') =>
  form('/admin/verify', { intent: 'password', password, redirectTo }, cookie)

function expectSentToConfirm(response: Response) {
  expect(response.status).toBe(303)
  expect(response.headers.get('Location')).toBe(VERIFY_STAFF_PAGE)
}

// Each test signs in and checks passwords with scrypt, slow on a shared machine.
describe('L5: re-authentication before changes that hand over an account', { timeout: 120_000 }, () => {
  it('L5: removing another account’s two-step verification is refused without a recent confirmation, allowed after', async () => {
    const owner = await signedInOwner('l5-owner-a')
    const target = await account('l5-totp-a', 'staff', { totpSecret: TOTP_SECRET, totpEnabledAt: new Date() })
    const remove = () =>
      form('/admin/staff/l5-totp-a/two-step/remove', { intent: 'remove-totp', id: target, username: 'l5-totp-a' }, owner.cookie)

    await owner.age()
    expectSentToConfirm(await remove())
    // A session from before confirmations were kept has none at all.
    await owner.age(null)
    expectSentToConfirm(await remove())
    expect((await User.findById(target).lean())!.totpSecret).not.toBeNull()

    const confirm = await (await fetch(`${server.url}${VERIFY_STAFF_PAGE}`, { headers: { Cookie: owner.cookie } })).text()
    expect(confirm).toContain('Confirm it’s you')
    const confirmed = await confirmWithPassword(owner.cookie)
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('Location')).toBe('/admin/staff')
    const removed = await remove()
    expect(removed.status).toBe(303)
    expect(removed.headers.get('Location')).toBe('/admin/staff')
    expect((await User.findById(target).lean())!.totpSecret).toBeNull()
    expect(await AuditEvent.exists({ kind: 'sign-in', action: 'confirmed identity (password)', target: `user:${owner.id}` })).not.toBeNull()
  })

  it('L5: an owner’s new set-password link for someone else is refused without a recent confirmation, allowed after', async () => {
    const owner = await signedInOwner('l5-owner-b')
    const target = await account('l5-reset-b', 'staff')
    const before = (await User.findById(target).lean())!.password
    const reset = () =>
      form('/admin/staff/l5-reset-b/password-link', { intent: 'reset-password', id: target, username: 'l5-reset-b' }, owner.cookie)

    await owner.age()
    expectSentToConfirm(await reset())
    expect((await User.findById(target).lean())!.password).toBe(before)

    expect((await confirmWithPassword(owner.cookie)).status).toBe(303)
    const done = await reset()
    expect(done.status).toBe(200)
    expect(await done.text()).toMatch(/set-password\?token=/)
    expect((await User.findById(target).lean())!.password).toBeNull()
  })

  it('L5: adding an owner or promoting someone is refused without a recent confirmation (page and API), allowed after', async () => {
    const owner = await signedInOwner('l5-owner-c')
    const promoted = await account('l5-staff-c', 'staff')
    await owner.age()

    expectSentToConfirm(
      await form('/admin/staff/add', { intent: 'add', username: 'l5-new-owner', name: 'New Owner', role: 'owner' }, owner.cookie),
    )
    expectSentToConfirm(await form('/admin/staff/l5-staff-c/role', { intent: 'role', id: promoted, role: 'owner' }, owner.cookie))
    const apiAdd = await json(owner.cookie, 'POST', '/api/admin/staff', { username: 'l5-api-owner', name: 'Api Owner', role: 'owner' })
    expect(apiAdd.status).toBe(403)
    expect(await apiAdd.json()).toMatchObject({ verifyUrl: '/admin/verify', message: expect.stringContaining('Confirm it’s you') })
    expect((await json(owner.cookie, 'PATCH', `/api/admin/staff/${promoted}`, { role: 'owner' })).status).toBe(403)
    expect(await User.exists({ username: { $in: ['l5-new-owner', 'l5-api-owner'] } })).toBeNull()
    expect((await User.findById(promoted).lean())!.role).toBe('staff')
    // Adding staff, or making an owner staff, hands nothing over: no confirmation asked.
    expect(
      (await form('/admin/staff/add', { intent: 'add', username: 'l5-new-staff', name: 'New Staff', role: 'staff' }, owner.cookie)).status,
    ).toBe(200)

    expect((await confirmWithPassword(owner.cookie)).status).toBe(303)
    expect(
      (await form('/admin/staff/add', { intent: 'add', username: 'l5-new-owner', name: 'New Owner', role: 'owner' }, owner.cookie)).status,
    ).toBe(200)
    expect((await form('/admin/staff/l5-staff-c/role', { intent: 'role', id: promoted, role: 'owner' }, owner.cookie)).status).toBe(303)
    expect(
      (await json(owner.cookie, 'POST', '/api/admin/staff', { username: 'l5-api-owner', name: 'Api Owner', role: 'owner' })).status,
    ).toBe(201)
    expect(await User.countDocuments({ username: { $in: ['l5-new-owner', 'l5-api-owner', 'l5-staff-c'] }, role: 'owner' })).toBe(3)
  })

  it('L5: a code from the app (or a recovery code) confirms too, for an account with two-step verification', async () => {
    const id = await account('l5-owner-d', 'owner', { totpSecret: TOTP_SECRET, totpEnabledAt: new Date() })
    const step = currentTotpStep()
    const afterPassword = await form('/admin-login', { username: 'l5-owner-d', password: PASSWORD })
    const halfway = afterPassword.headers
      .getSetCookie()
      .find((value) => value.startsWith('en_admin='))!
      .split(';')[0]!
    const signedIn = await form('/admin-login/code', { code: totpCode(TOTP_SECRET, step) }, halfway)
    const cookie = signedIn.headers
      .getSetCookie()
      .find((value) => value.startsWith('en_admin='))!
      .split(';')[0]!
    const target = await account('l5-totp-d', 'staff', { totpSecret: TOTP_SECRET, totpEnabledAt: new Date() })
    await AdminSession.updateMany({ userId: id }, { $set: { verifiedAt: new Date(Date.now() - 11 * 60 * 1000) } })
    const remove = () =>
      form('/admin/staff/l5-totp-d/two-step/remove', { intent: 'remove-totp', id: target, username: 'l5-totp-d' }, cookie)
    expectSentToConfirm(await remove())

    expect(await (await fetch(`${server.url}${VERIFY_STAFF_PAGE}`, { headers: { Cookie: cookie } })).text()).toContain('Confirm with code')
    // The sign-in's code is spent; the next one confirms.
    expect(
      (await form('/admin/verify', { intent: 'code', code: totpCode(TOTP_SECRET, step), redirectTo: '/admin/staff' }, cookie)).status,
    ).toBe(400)
    const confirmed = await form(
      '/admin/verify',
      { intent: 'code', code: totpCode(TOTP_SECRET, step + 1), redirectTo: '/admin/staff' },
      cookie,
    )
    expect(confirmed.status).toBe(303)
    expect((await remove()).status).toBe(303)
    expect((await User.findById(target).lean())!.totpSecret).toBeNull()
  })

  it('L5: a wrong password on the confirm page is refused, and limited as sign-in attempts are', { timeout: 60_000 }, async () => {
    const owner = await signedInOwner('l5-owner-e')
    await owner.age()
    await untilBurstFitsInWindow(ATTEMPTS_PER_USERNAME_AND_ADDRESS.windowMs, 30_000)
    for (let attempt = 0; attempt < ATTEMPTS_PER_USERNAME_AND_ADDRESS.limit; attempt++) {
      const wrong = await confirmWithPassword(owner.cookie, 'not the password')
      expect(wrong.status).toBe(400)
      expect(await wrong.text()).toContain('That is not your password.')
    }
    // Over the limit even the right password waits, as at the sign-in form.
    const limited = await confirmWithPassword(owner.cookie)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    // The sign-in form counts the same attempts.
    const signIn = await form('/admin-login', { username: 'l5-owner-e', password: 'not the password either' })
    expect(signIn.status).toBe(429)
    expectSentToConfirm(
      await form('/admin/staff/l5-owner-e/password-link', { intent: 'reset-password', id: owner.id, username: 'x' }, owner.cookie),
    )
    expect(await AuditEvent.countDocuments({ action: 'wrong password when confirming identity', target: `user:${owner.id}` })).toBe(
      ATTEMPTS_PER_USERNAME_AND_ADDRESS.limit,
    )

    // Hostile input: an overlong password is refused before it is hashed or counted; a body over the sign-in limit is refused unread.
    const other = await signedInOwner('l5-owner-e2')
    expect((await confirmWithPassword(other.cookie, 'x'.repeat(201))).status).toBe(400)
    expect((await confirmWithPassword(other.cookie, 'x'.repeat(9000))).status).toBe(413)
    // Back only to this site.
    const away = await confirmWithPassword(other.cookie, PASSWORD, '//evil.example/admin')
    expect(away.status).toBe(303)
    expect(away.headers.get('Location')).toBe('/admin')
  })

  it('L5: the owners’ page never removes two-step, resets the password of or promotes one’s own account', async () => {
    const owner = await signedInOwner('l5-owner-f')
    await User.updateOne({ _id: owner.id }, { $set: { totpSecret: TOTP_SECRET } })
    const ownRemove = await form(
      '/admin/staff/l5-owner-f/two-step/remove',
      { intent: 'remove-totp', id: owner.id, username: 'l5-owner-f' },
      owner.cookie,
    )
    expect(ownRemove.status).toBe(409)
    expect(await ownRemove.text()).toContain('Turn off your own two-step verification on your account page.')
    expect((await User.findById(owner.id).lean())!.totpSecret).not.toBeNull()
    expect(
      (
        await form(
          '/admin/staff/l5-owner-f/password-link',
          { intent: 'reset-password', id: owner.id, username: 'l5-owner-f' },
          owner.cookie,
        )
      ).status,
    ).toBe(409)
    const page = await (await fetch(`${server.url}/admin/staff`, { headers: { Cookie: owner.cookie } })).text()
    const ownRow = /<tr[^>]*data-testid="staff-l5-owner-f"[\s\S]*?<\/tr>/.exec(page)![0]
    expect(ownRow).toContain('Your account')
    expect(ownRow).not.toMatch(/Remove two-step|New set-password link|Make owner|Make staff/)
  })
})
