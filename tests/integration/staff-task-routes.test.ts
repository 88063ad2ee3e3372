import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { hashPassword } from '#app/staff/password.server'
import { StaffSettings } from '#app/staff/staff-settings-model.server'
import { User } from '#app/staff/user-model.server'
import { type AppServer, startAppServer, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'
import { currentTotpStep, totpCode } from '#tests/support/totp'

// The account page's and the owners' staff page's tasks, each its own nested route with its own
// action: what each does, and the hostile versions (oversized fields, unknown accounts, staff on
// owners' tasks, someone else's account named in a field, posts from another site).
// Against the built server and the real database.

const uri = setupTestDatabase('staff_task_routes')
let server: AppServer
let passwordHash = ''
let ownerCookie = ''
let staffCookie = ''

const PASSWORD = 'a task route tester’s passphrase'
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

async function account(username: string, role: 'owner' | 'staff', fields: Record<string, unknown> = {}) {
  const user = await User.create({ username, name: `Name of ${username}`, role, password: passwordHash, ...fields })
  return String(user._id)
}

beforeAll(async () => {
  ;[server, passwordHash] = await Promise.all([startAppServer({ mongodbUri: uri }), hashPassword(PASSWORD)])
  await account('tr-sam', 'staff')
  ;[ownerCookie, staffCookie] = await Promise.all([
    signInOverHttp(server.url),
    signInOverHttp(server.url, { username: 'tr-sam', password: PASSWORD }),
  ])
})
afterAll(async () => {
  await server?.stop()
})

const form = (path: string, fields: Record<string, string>, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })

const user = async (username: string) => (await User.findOne({ username }).lean())!

describe('the account page’s tasks', { timeout: 120_000 }, () => {
  it('set up two-step verification step by step, on the signed-in account only, whatever account a field names', async () => {
    const other = await account('tr-other', 'staff')
    const notMine = { id: other, username: 'tr-other' }
    const start = await form('/admin/account/two-step/start', notMine, staffCookie)
    expect(start.status).toBe(303)
    expect(start.headers.get('Location')).toBe('/admin/account#two-step')
    expect((await user('tr-sam')).totpPendingSecret).toBeTruthy()
    expect((await user('tr-other')).totpPendingSecret).toBeFalsy()

    const cancel = await form('/admin/account/two-step/cancel', notMine, staffCookie)
    expect(cancel.status).toBe(303)
    expect((await user('tr-sam')).totpPendingSecret).toBeFalsy()

    await form('/admin/account/two-step/start', {}, staffCookie)
    const page = await (await fetch(`${server.url}/admin/account`, { headers: { Cookie: staffCookie } })).text()
    const secret = /data-testid="totp-secret"[^>]*>([^<]+)</.exec(page)![1]!.replace(/\s/g, '')

    // Refused, and shown inside the page at the task's address: the form, its message.
    const tooLong = await form('/admin/account/two-step/confirm', { code: '1'.repeat(101) }, staffCookie)
    expect(tooLong.status).toBe(400)
    const tooLongPage = await tooLong.text()
    expect(tooLongPage).toContain('That code is too long')
    expect(tooLongPage).toContain('First code from the app')
    const wrong = await form('/admin/account/two-step/confirm', { code: totpCode(secret) === '123456' ? '654321' : '123456' }, staffCookie)
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('That code does not match')

    const step = currentTotpStep()
    const confirmed = await form('/admin/account/two-step/confirm', { code: totpCode(secret, step), ...notMine }, staffCookie)
    expect(confirmed.status).toBe(200)
    expect((await confirmed.text()).match(/<li>[a-z0-9]{5}-[a-z0-9]{5}<\/li>/gi)?.length ?? 0).toBeGreaterThanOrEqual(1)
    expect((await user('tr-sam')).totpSecret).toBeTruthy()
    expect((await user('tr-other')).totpSecret).toBeFalsy()
    const again = await form('/admin/account/two-step/confirm', { code: totpCode(secret, step + 1) }, staffCookie)
    expect(again.status).toBe(409)

    // New recovery codes and turning it off ask for the current password (counted, size-limited).
    expect((await form('/admin/account/two-step/recovery-codes', { currentPassword: 'x'.repeat(201) }, staffCookie)).status).toBe(400)
    const wrongPassword = await form('/admin/account/two-step/recovery-codes', { currentPassword: 'not it' }, staffCookie)
    expect(wrongPassword.status).toBe(400)
    expect(await wrongPassword.text()).toContain('That is not your current password.')
    const codes = await form('/admin/account/two-step/recovery-codes', { currentPassword: PASSWORD }, staffCookie)
    expect(codes.status).toBe(200)
    expect(await codes.text()).toContain('data-testid="recovery-codes"')

    // Another account's two-step, named in the fields, is never what goes off.
    await User.updateOne({ _id: other }, { $set: { totpSecret: TOTP_SECRET } })
    const off = await form('/admin/account/two-step/remove', { currentPassword: PASSWORD, ...notMine }, staffCookie)
    expect(off.status).toBe(303)
    expect(off.headers.get('Location')).toBe('/admin/account')
    expect((await user('tr-sam')).totpSecret).toBeNull()
    expect((await user('tr-other')).totpSecret).toBe(TOTP_SECRET)

    const samId = String((await user('tr-sam'))._id)
    const actions = (await AuditEvent.find({ target: `user:${samId}`, kind: 'totp' }).lean()).map((event) => event.action)
    expect(actions).toEqual(
      expect.arrayContaining(['turned on two-step verification', 'replaced recovery codes', 'turned off own two-step verification']),
    )
  })

  it('refuses an oversized or mismatched new password, and a post from another site', async () => {
    const change = (fields: Record<string, string>, headers?: Record<string, string>) =>
      form(
        '/admin/account/password',
        { currentPassword: PASSWORD, password: 'a new long passphrase', confirm: 'a new long passphrase', ...fields },
        staffCookie,
        headers,
      )
    expect((await change({ currentPassword: 'x'.repeat(201) })).status).toBe(400)
    expect((await change({ password: 'y'.repeat(201), confirm: 'y'.repeat(201) })).status).toBe(400)
    expect((await change({ confirm: 'z'.repeat(201) })).status).toBe(400)
    const before = (await user('tr-sam')).password
    expect((await change({}, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await change({}, { Origin: 'https://attacker.example' })).status).toBeGreaterThanOrEqual(400)
    expect((await form('/admin/account/two-step/start', {}, staffCookie, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await user('tr-sam')).password).toBe(before)
    expect((await user('tr-sam')).totpPendingSecret).toBeFalsy()
  })
})

describe('the owners’ staff page’s tasks', { timeout: 120_000 }, () => {
  it('each task on an account answers at the account’s own address, and 404 for an unknown one', async () => {
    await account('tr-ann', 'staff', { totpSecret: TOTP_SECRET, totpEnabledAt: new Date() })
    const ann = () => user('tr-ann')

    const renamed = await form('/admin/staff/tr-ann/name', { name: 'Ann Tester' }, ownerCookie)
    expect(renamed.status).toBe(303)
    expect((await ann()).name).toBe('Ann Tester')
    // Refused in place, with what was typed.
    const overlong = await form('/admin/staff/tr-ann/name', { name: 'x'.repeat(101) }, ownerCookie)
    expect(overlong.status).toBe(400)
    const overlongPage = await overlong.text()
    expect(overlongPage).toContain('Name must be at most 100 characters')
    expect(overlongPage).toContain(`value="${'x'.repeat(101)}"`)

    expect((await form('/admin/staff/tr-ann/role', { role: 'boss' }, ownerCookie)).status).toBe(400)
    expect((await form('/admin/staff/tr-ann/role', { role: 'owner' }, ownerCookie)).status).toBe(303)
    expect((await ann()).role).toBe('owner')
    expect((await form('/admin/staff/tr-ann/role', { role: 'staff' }, ownerCookie)).status).toBe(303)

    const disabled = await form('/admin/staff/tr-ann/disable', {}, ownerCookie)
    expect(disabled.status).toBe(303)
    expect((await ann()).disabled).toBe(true)
    expect((await form('/admin/staff/tr-ann/enable', {}, ownerCookie)).status).toBe(303)
    expect((await ann()).disabled).toBe(false)

    const link = await form('/admin/staff/tr-ann/password-link', {}, ownerCookie)
    expect(link.status).toBe(200)
    expect(await link.text()).toMatch(/One-time link for (<!-- -->)?tr-ann/)
    expect((await ann()).password).toBeNull()

    const removed = await form('/admin/staff/tr-ann/two-step/remove', {}, ownerCookie)
    expect(removed.status).toBe(303)
    expect((await ann()).totpSecret).toBeNull()
    expect((await form('/admin/staff/tr-ann/two-step/remove', {}, ownerCookie)).status).toBe(409)

    const target = `user:${String((await ann())._id)}`
    const actions = (await AuditEvent.find({ target }).lean()).map((event) => event.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'changed account',
        'disabled account',
        'enabled account',
        'reset password (new set-password link)',
        'removed two-step verification of another account',
      ]),
    )

    for (const task of ['name', 'role', 'disable', 'enable', 'password-link', 'two-step/remove']) {
      for (const username of ['tr-nobody', 'no', 'x'.repeat(41), '$where']) {
        const response = await form(`/admin/staff/${encodeURIComponent(username)}/${task}`, { name: 'N', role: 'staff' }, ownerCookie)
        expect(response.status, `${task} for ${username}`).toBe(404)
      }
    }
  })

  it('adds an account, keeps what was typed when refused, and sets the two-step policy', async () => {
    const added = await form('/admin/staff/add', { username: 'tr-new', name: 'New Person', role: 'staff' }, ownerCookie)
    expect(added.status).toBe(200)
    expect(await added.text()).toMatch(/One-time link for (<!-- -->)?tr-new/)
    const taken = await form('/admin/staff/add', { username: 'tr-new', name: 'Typed Name', role: 'staff' }, ownerCookie)
    expect(taken.status).toBe(409)
    const takenPage = await taken.text()
    expect(takenPage).toContain('The username tr-new is taken.')
    expect(takenPage).toContain('value="Typed Name"')
    const oversized = await form('/admin/staff/add', { username: 'u'.repeat(41), name: 'n'.repeat(101), role: 'owner' }, ownerCookie)
    expect(oversized.status).toBe(400)
    expect(await oversized.text()).toContain('Username must be at most 40 characters')
    expect(await User.exists({ username: 'u'.repeat(41) })).toBeNull()

    expect((await form('/admin/staff/two-step-policy', { required: 'yes please' }, ownerCookie)).status).toBe(400)
    // The owner has no two-step of their own: requiring it would shut them out.
    const refused = await form('/admin/staff/two-step-policy', { required: 'on' }, ownerCookie)
    expect(refused.status).toBe(409)
    expect(await StaffSettings.exists({ requireTotp: true })).toBeNull()
    expect((await form('/admin/staff/two-step-policy', {}, ownerCookie)).status).toBe(303)
  })

  it('answers 403 to staff on every task, and refuses a post from another site', async () => {
    await account('tr-bea', 'staff', { totpSecret: TOTP_SECRET })
    const tasks: [string, Record<string, string>][] = [
      ['/admin/staff/add', { username: 'tr-sneaky', name: 'S', role: 'owner' }],
      ['/admin/staff/two-step-policy', {}],
      ['/admin/staff/tr-bea/name', { name: 'Renamed' }],
      ['/admin/staff/tr-bea/role', { role: 'owner' }],
      ['/admin/staff/tr-bea/disable', {}],
      ['/admin/staff/tr-bea/enable', {}],
      ['/admin/staff/tr-bea/password-link', {}],
      ['/admin/staff/tr-bea/two-step/remove', {}],
      // Unknown accounts too: staff learn nothing of which exist.
      ['/admin/staff/tr-nobody/disable', {}],
    ]
    for (const [path, fields] of tasks) {
      expect((await form(path, fields, staffCookie)).status, path).toBe(403)
      expect((await form(path, fields, ownerCookie, { 'Sec-Fetch-Site': 'cross-site' })).status, path).toBe(403)
    }
    expect(await User.exists({ username: 'tr-sneaky' })).toBeNull()
    expect(await user('tr-bea')).toMatchObject({ name: 'Name of tr-bea', role: 'staff', disabled: false, totpSecret: TOTP_SECRET })
    expect((await user('tr-bea')).password).toBe(passwordHash)
  })

  it('never acts on one’s own account through the owners’ tasks, named in the address or not', async () => {
    const me = TEST_STAFF.username
    expect((await form(`/admin/staff/${me}/password-link`, {}, ownerCookie)).status).toBe(409)
    await User.updateOne({ username: me }, { $set: { totpSecret: TOTP_SECRET } })
    try {
      const own = await form(`/admin/staff/${me}/two-step/remove`, {}, ownerCookie)
      expect(own.status).toBe(409)
      expect(await own.text()).toContain('Turn off your own two-step verification on your account page.')
      expect((await user(me)).totpSecret).toBe(TOTP_SECRET)
    } finally {
      await User.updateOne({ username: me }, { $set: { totpSecret: null } })
    }
    // A field naming another account changes nothing: the address says whose.
    const bea = String((await user('tr-bea'))._id)
    expect((await form('/admin/staff/tr-nobody/disable', { id: bea, username: 'tr-bea' }, ownerCookie)).status).toBe(404)
    expect((await user('tr-bea')).disabled).toBe(false)
  })
})
