import { generateTOTP } from '@epic-web/totp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeOrderStatus } from '#app/orders/staff-orders.server'
import { ENROL_YOURSELF_FIRST_MESSAGE, LAST_OWNER_MESSAGE, updateStaffAccount } from '#app/staff/staff-accounts.server'
import { checkSecondFactor, confirmTotpEnrolment, pendingTotpSecret, CODES_PER_ACCOUNT } from '#app/staff/totp.server'
import { contextFor } from '#app/lib/http/request-context'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { Order } from '#app/orders/order-model.server'
import { StaffSettings } from '#app/staff/staff-settings-model.server'
import { User } from '#app/staff/user-model.server'
import { type AppServer, startAppServer, TEST_SESSION_SECRET, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'
import { currentTotpStep, totpCode } from '#tests/support/totp'

// Staff accounts, two-step verification, the audit trail and the staff API, against the built server and the real database.

const uri = setupTestDatabase('staff_workspace')
// Secrets enrolled from this process are sealed as the server seals them: under its SESSION_SECRET.
process.env.SESSION_SECRET = TEST_SESSION_SECRET
let server: AppServer
let ownerCookie: string

beforeAll(async () => {
  server = await startAppServer({ mongodbUri: uri })
  ownerCookie = await signInOverHttp(server.url)
})
afterAll(async () => {
  await server?.stop()
})

const json = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  })

const form = (path: string, fields: Record<string, string>, cookie = '') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { Cookie: cookie }, body: new URLSearchParams(fields), redirect: 'manual' })

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith('en_admin='))
    ?.split(';')[0]

type Created = { id: string; username: string; role: string; awaitingPassword: boolean; setPasswordUrl: string }

async function addAccount(username: string, role: 'owner' | 'staff' = 'staff') {
  const response = await json(ownerCookie, 'POST', '/api/admin/staff', { username, name: `Name of ${username}`, role })
  expect(response.status).toBe(201)
  return (await response.json()) as Created
}

async function setPassword(setPasswordUrl: string, password: string) {
  const token = new URL(setPasswordUrl).searchParams.get('token')!
  return form('/set-password', { token, password, confirm: password })
}

async function auditEvents(filter: Record<string, unknown>) {
  return AuditEvent.find(filter).sort({ at: 1 }).lean()
}

describe('the staff API (owners)', () => {
  it('adds an account with a one-time set-password link, lists it, and refuses bad and duplicate input', async () => {
    const created = await addAccount('terry')
    expect(created).toMatchObject({ username: 'terry', role: 'staff', awaitingPassword: true })
    expect(created.setPasswordUrl).toMatch(new RegExp(`^${server.url}/set-password\\?token=[\\w-]{43}$`))
    // Only a hash of the token is stored.
    const stored = (await User.findById(created.id).lean())!
    expect(JSON.stringify(stored)).not.toContain(new URL(created.setPasswordUrl).searchParams.get('token'))
    expect(stored.password).toBeNull()

    const list = (await (await json(ownerCookie, 'GET', '/api/admin/staff')).json()) as { staff: Created[] }
    expect(list.staff.map((account) => account.username)).toEqual(expect.arrayContaining(['terry', TEST_STAFF.username]))
    expect(JSON.stringify(list)).not.toMatch(/scrypt|setPasswordTokenHash|totpSecret/)

    const bad = await json(ownerCookie, 'POST', '/api/admin/staff', { username: 'x y', name: '', role: 'boss' })
    expect(bad.status).toBe(400)
    const badBody = (await bad.json()) as { message: string; errors: Record<string, string[]> }
    expect(Object.keys(badBody.errors).sort()).toEqual(['name', 'role', 'username'])
    expect(badBody.message).toBeTruthy()

    const duplicate = await json(ownerCookie, 'POST', '/api/admin/staff', { username: 'terry', name: 'Another', role: 'staff' })
    expect(duplicate.status).toBe(409)
    expect(await duplicate.json()).toMatchObject({ errors: { username: ['The username terry is taken.'] } })
    expect((await json(ownerCookie, 'POST', '/api/admin/staff', 'not json')).status).toBe(400)
    const notJson = await fetch(`${server.url}/api/admin/staff`, { method: 'POST', headers: { Cookie: ownerCookie }, body: 'username=x' })
    expect(notJson.status).toBe(415)
    expect((await json(ownerCookie, 'PATCH', `/api/admin/staff/${created.id}`, { username: 'renamed' })).status).toBe(400)
    expect((await json(ownerCookie, 'PATCH', '/api/admin/staff/000000000000000000000000', { name: 'Nobody' })).status).toBe(404)
  })

  it('lets the link set a password once; a used or made-up link says it no longer works', async () => {
    const created = await addAccount('sam')
    const tooShort = await setPassword(created.setPasswordUrl, 'short')
    expect(tooShort.status).toBe(400)
    const done = await setPassword(created.setPasswordUrl, 'sam’s long enough passphrase')
    expect(done.status).toBe(303)
    expect(done.headers.get('Location')).toBe('/admin-login')
    expect((await setPassword(created.setPasswordUrl, 'another long passphrase')).status).toBe(410)
    expect((await fetch(created.setPasswordUrl)).status).toBe(410)
    expect((await fetch(`${server.url}/set-password?token=${'a'.repeat(43)}`)).status).toBe(410)
    await signInOverHttp(server.url, { username: 'sam', password: 'sam’s long enough passphrase' })
  })

  it('gives a staff (not owner) session 403 on every owner page and API', async () => {
    const created = await addAccount('casey')
    await setPassword(created.setPasswordUrl, 'casey’s long passphrase')
    const staff = await signInOverHttp(server.url, { username: 'casey', password: 'casey’s long passphrase' })
    expect((await json(staff, 'GET', '/api/admin/staff')).status).toBe(403)
    expect((await json(staff, 'POST', '/api/admin/staff', { username: 'sneaky', name: 'S', role: 'owner' })).status).toBe(403)
    expect((await json(staff, 'GET', `/api/admin/staff/${created.id}`)).status).toBe(403)
    expect((await json(staff, 'PATCH', `/api/admin/staff/${created.id}`, { role: 'owner' })).status).toBe(403)
    for (const page of ['/admin/staff', '/admin/audit', '/admin/staff.data', '/admin/audit.data']) {
      expect((await json(staff, 'GET', page)).status, page).toBe(403)
    }
    expect((await form('/admin/staff/add', { intent: 'add', username: 'sneaky', name: 'S', role: 'owner' }, staff)).status).toBe(403)
    expect(await User.exists({ username: 'sneaky' })).toBeNull()
    expect((await User.findById(created.id).lean())!.role).toBe('staff')
    // The pages staff do use still answer.
    expect((await json(staff, 'GET', '/admin')).status).toBe(200)
    expect((await json(staff, 'GET', '/admin/account')).status).toBe(200)
  })

  it('disabling an account refuses its open session at the next request; enabling lets it sign in again', async () => {
    const created = await addAccount('dale')
    await setPassword(created.setPasswordUrl, 'dale’s long passphrase')
    const staff = await signInOverHttp(server.url, { username: 'dale', password: 'dale’s long passphrase' })
    expect((await json(staff, 'GET', '/api/admin/contacts')).status).toBe(200)

    const disabled = await json(ownerCookie, 'PATCH', `/api/admin/staff/${created.id}`, { disabled: true })
    expect(disabled.status).toBe(200)
    expect(await disabled.json()).toMatchObject({ disabled: true })
    expect((await json(staff, 'GET', '/api/admin/contacts')).status).toBe(401)
    const page = await json(staff, 'GET', '/admin')
    expect(page.status).toBe(302)
    expect(page.headers.get('Location')).toMatch(/^\/admin-login/)
    // The right password of a disabled account gets the answer a wrong one gets: back to the form.
    const again = await form('/admin-login', { username: 'dale', password: 'dale’s long passphrase' })
    expect(again.status).toBe(303)
    expect(again.headers.get('Location')).toMatch(/^\/admin-login/)
    expect(sessionCookieOf(again)).toBeUndefined()

    expect((await json(ownerCookie, 'PATCH', `/api/admin/staff/${created.id}`, { disabled: false })).status).toBe(200)
    await signInOverHttp(server.url, { username: 'dale', password: 'dale’s long passphrase' })
  })

  it('owners rename an account from the accounts page without JavaScript; an empty or overlong name is refused readably', async () => {
    const created = await addAccount('quinn')
    const renamed = await form('/admin/staff/quinn/name', { intent: 'rename', id: created.id, name: '  Quinn Avery  ' }, ownerCookie)
    expect(renamed.status).toBe(303)
    expect((await User.findById(created.id).lean())!.name).toBe('Quinn Avery')
    const events = await auditEvents({ kind: 'account', action: 'changed account', target: `user:${created.id}` })
    expect(events.at(-1)!.changes).toMatchObject({ name: { before: 'Name of quinn', after: 'Quinn Avery' } })

    for (const [name, message] of [
      ['   ', 'Name is required'],
      ['x'.repeat(101), 'Name must be at most 100 characters'],
    ] as const) {
      const refused = await form('/admin/staff/quinn/name', { intent: 'rename', id: created.id, name }, ownerCookie)
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain(message)
    }
    expect(
      (await form('/admin/staff/nobody-here/name', { intent: 'rename', id: '64b7f0000000000000000000', name: 'Nobody' }, ownerCookie))
        .status,
    ).toBe(404)
    expect((await User.findById(created.id).lean())!.name).toBe('Quinn Avery')
  })

  it('a new set-password link from an owner ends the old password and the account’s sessions', async () => {
    const created = await addAccount('riley')
    await setPassword(created.setPasswordUrl, 'riley’s first passphrase')
    const session = await signInOverHttp(server.url, { username: 'riley', password: 'riley’s first passphrase' })
    const reset = await form(
      '/admin/staff/riley/password-link',
      { intent: 'reset-password', id: created.id, username: 'riley' },
      ownerCookie,
    )
    expect(reset.status).toBe(200)
    const link = /href="([^"]*\/set-password\?token=[^"]+)"/.exec(await reset.text())?.[1]?.replaceAll('&amp;', '&')
    expect(link).toBeTruthy()
    expect((await json(session, 'GET', '/api/admin/contacts')).status).toBe(401)
    expect(sessionCookieOf(await form('/admin-login', { username: 'riley', password: 'riley’s first passphrase' }))).toBeUndefined()
    // The first link is spent; the new one works.
    expect((await setPassword(created.setPasswordUrl, 'riley’s second passphrase')).status).toBe(410)
    expect((await setPassword(link!, 'riley’s second passphrase')).status).toBe(303)
    await signInOverHttp(server.url, { username: 'riley', password: 'riley’s second passphrase' })
    // An owner can't reset their own password this way.
    const owner = (await User.findOne({ username: TEST_STAFF.username }).lean())!
    const own = await form(
      `/admin/staff/${owner.username}/password-link`,
      { intent: 'reset-password', id: String(owner._id), username: owner.username },
      ownerCookie,
    )
    expect(own.status).toBe(409)
  })

  it('everyone changes their own password with the current one; their other sessions end, this one stays', async () => {
    const created = await addAccount('morgan')
    await setPassword(created.setPasswordUrl, 'morgan’s first passphrase')
    const here = await signInOverHttp(server.url, { username: 'morgan', password: 'morgan’s first passphrase' })
    const elsewhere = await signInOverHttp(server.url, { username: 'morgan', password: 'morgan’s first passphrase' })
    const change = (currentPassword: string, password: string, confirm = password) =>
      form('/admin/account/password', { intent: 'change-password', currentPassword, password, confirm }, here)
    const wrong = await change('not my password', 'morgan’s second passphrase')
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('That is not your current password.')
    expect((await change('morgan’s first passphrase', 'morgan’s second passphrase', 'something else')).status).toBe(400)
    expect((await change('morgan’s first passphrase', 'short')).status).toBe(400)
    const done = await change('morgan’s first passphrase', 'morgan’s second passphrase')
    expect(done.status).toBe(303)
    expect((await json(here, 'GET', '/api/admin/contacts')).status).toBe(200)
    expect((await json(elsewhere, 'GET', '/api/admin/contacts')).status).toBe(401)
    await signInOverHttp(server.url, { username: 'morgan', password: 'morgan’s second passphrase' })
    expect(await auditEvents({ kind: 'account', action: 'changed own password', target: `user:${created.id}` })).toHaveLength(1)
  })

  it('never lets the last active owner be disabled or demoted, nor the configured owner', async () => {
    const owner = (await User.findOne({ username: TEST_STAFF.username }).lean())!
    const configured = await json(ownerCookie, 'PATCH', `/api/admin/staff/${String(owner._id)}`, { role: 'staff' })
    expect(configured.status).toBe(409)
    const second = await addAccount('olive', 'owner')
    // Two active owners: demoting one is fine, the other is then the last.
    expect((await json(ownerCookie, 'PATCH', `/api/admin/staff/${second.id}`, { role: 'staff' })).status).toBe(200)
    await User.updateOne({ _id: second.id }, { $set: { role: 'owner' } })
    await User.updateOne({ _id: owner._id }, { $set: { bootstrap: false } })
    try {
      await User.updateMany({ _id: { $ne: second.id }, role: 'owner' }, { $set: { disabled: true } })
      const by = {
        actor: { id: String(owner._id), username: owner.username },
        context: contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'r' }),
      }
      const last = await updateStaffAccount(second.id, { disabled: true }, by)
      expect(last).toMatchObject({ ok: false, status: 409, message: LAST_OWNER_MESSAGE })
      expect(await updateStaffAccount(second.id, { role: 'staff' }, by)).toMatchObject({ ok: false, status: 409 })
      expect((await User.findById(second.id).lean())!).toMatchObject({ role: 'owner', disabled: false })
    } finally {
      await User.updateOne({ _id: owner._id }, { $set: { bootstrap: true, disabled: false } })
      await User.updateMany({ role: 'owner' }, { $set: { disabled: false } })
    }
  })
})

describe('two-step verification', () => {
  it('uses codes the authenticator apps compute (the test helper agrees with the library)', async () => {
    const { otp, secret } = await generateTOTP({ algorithm: 'SHA-1', period: 30, digits: 6 })
    // Either side of a step boundary.
    expect([totpCode(secret), totpCode(secret, currentTotpStep() - 1)]).toContain(otp)
  })

  it('enrols with a first code, signs in with a later one, never takes a code twice, and counts wrong ones', async () => {
    const created = await addAccount('tess')
    await setPassword(created.setPasswordUrl, 'tess’s long passphrase')
    const secret = await pendingTotpSecret(created.id)
    expect(await pendingTotpSecret(created.id)).toBe(secret)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect((await confirmTotpEnrolment(created.id, '000000', '192.0.2.50')).outcome).toBe('invalid')
    const step = currentTotpStep()
    const enrolled = await confirmTotpEnrolment(created.id, totpCode(secret, step), '192.0.2.50')
    expect(enrolled.outcome).toBe('enabled')
    const recoveryCodes = enrolled.outcome === 'enabled' ? enrolled.recoveryCodes : []
    expect(new Set(recoveryCodes).size).toBe(10)
    const stored = (await User.findById(created.id).lean())!
    expect(stored.recoveryCodeHashes).toHaveLength(10)
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace('-', ''))

    // Sign-in: the password gives a half-way session that opens nothing but the code page.
    const afterPassword = await form('/admin-login', { username: 'tess', password: 'tess’s long passphrase' })
    expect(afterPassword.status).toBe(303)
    expect(afterPassword.headers.get('Location')).toBe('/admin-login/code?redirectTo=%2Fadmin')
    const halfway = sessionCookieOf(afterPassword)!
    expect((await json(halfway, 'GET', '/api/admin/contacts')).status).toBe(401)
    expect((await json(halfway, 'GET', '/admin/account')).status).toBe(302)

    // The enrolment's code (same step) is refused: a code is never accepted twice.
    const replay = await form('/admin-login/code', { code: totpCode(secret, step) }, halfway)
    expect(replay.status).toBe(400)
    const signedIn = await form('/admin-login/code', { code: totpCode(secret, step + 1), redirectTo: '/admin' }, halfway)
    expect(signedIn.status).toBe(303)
    const full = sessionCookieOf(signedIn)!
    expect((await json(full, 'GET', '/api/admin/contacts')).status).toBe(200)
    // The half-way session is spent.
    expect((await form('/admin-login/code', { code: totpCode(secret, step + 1) }, halfway)).status).toBe(302)

    // A recovery code works once.
    expect(await checkSecondFactor(created.id, recoveryCodes[0]!, '192.0.2.51')).toMatchObject({
      outcome: 'accepted',
      usedRecoveryCode: true,
    })
    expect(await checkSecondFactor(created.id, recoveryCodes[0]!, '192.0.2.51')).toEqual({ outcome: 'invalid' })
    expect((await User.findById(created.id).lean())!.recoveryCodeHashes).toHaveLength(9)

    // Wrong codes are counted per account; then even a right one waits.
    const outcomes: string[] = []
    for (let i = 0; i < CODES_PER_ACCOUNT.limit; i++) outcomes.push((await checkSecondFactor(created.id, '000000', '192.0.2.52')).outcome)
    expect(outcomes).toContain('invalid')
    expect(outcomes.at(-1)).toBe('rate-limited')
    expect((await checkSecondFactor(created.id, totpCode(secret, step + 2), '192.0.2.53')).outcome).toBe('rate-limited')

    const events = await auditEvents({ target: `user:${created.id}` })
    expect(events.map((event) => [event.kind, event.action])).toEqual(
      expect.arrayContaining([
        ['sign-in-failed', 'wrong two-step code'],
        ['sign-in', 'signed in (password and code)'],
      ]),
    )
  })

  it('an owner removes another account’s two-step verification, and can require it of everyone', async () => {
    const tess = (await User.findOne({ username: 'tess' }).lean())!
    const removed = await form(
      '/admin/staff/tess/two-step/remove',
      { intent: 'remove-totp', id: String(tess._id), username: 'tess' },
      ownerCookie,
    )
    expect(removed.status).toBe(303)
    expect((await User.findById(tess._id).lean())!.totpSecret).toBeNull()
    // Now the password alone signs tess in.
    const tessCookie = await signInOverHttp(server.url, { username: 'tess', password: 'tess’s long passphrase' })

    // An owner without two-step verification can't require it (it would shut them out).
    const refused = await form('/admin/staff/two-step-policy', { intent: 'require-totp', required: 'on' }, ownerCookie)
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain(ENROL_YOURSELF_FIRST_MESSAGE)
    expect(await StaffSettings.exists({ requireTotp: true })).toBeNull()

    // Required (as an owner with it on would set it): without it, only the account page (to set it up) is open.
    await StaffSettings.updateOne({ _id: 'staff' }, { $set: { requireTotp: true } }, { upsert: true })
    try {
      const dashboard = await json(tessCookie, 'GET', '/admin')
      expect(dashboard.status).toBe(302)
      expect(dashboard.headers.get('Location')).toBe('/admin/account?totp=required')
      const account = await json(tessCookie, 'GET', '/admin/account')
      expect(account.status).toBe(200)
      expect(await account.text()).toContain('Owners require two-step verification for every account')
      expect((await json(tessCookie, 'GET', '/api/admin/contacts')).status).toBe(403)
      // Setting it up is what stays open.
      const start = await form('/admin/account/two-step/start', { intent: 'totp-start' }, tessCookie)
      expect(start.headers.get('Location')).toBe('/admin/account#two-step')
      // Sealed at rest: no plain secret in the database.
      expect((await User.findById(tess._id).lean())!.totpPendingSecret).toMatch(/^v1\$/)
    } finally {
      await StaffSettings.updateOne({ _id: 'staff' }, { $set: { requireTotp: false } })
    }
    expect((await json(tessCookie, 'GET', '/api/admin/contacts')).status).toBe(200)
    const kinds = (await auditEvents({ kind: 'totp' })).map((event) => event.action)
    expect(kinds).toEqual(expect.arrayContaining(['removed two-step verification of another account']))
  })
})

describe('the audit trail', () => {
  it('records sign-ins, failed sign-ins (without the typed name of an unknown account), account changes, CSV exports and order status changes', async () => {
    await form('/admin-login', { username: TEST_STAFF.username, password: 'wrong password' })
    await form('/admin-login', { username: 'my-secret-password-typed-as-a-name', password: 'x' })
    expect((await json(ownerCookie, 'GET', '/api/admin/logs/download')).status).toBe(200)
    const owner = (await User.findOne({ username: TEST_STAFF.username }).lean())!
    const order = await Order.create({ name: 'Dana Reyes', email: 'dana@example.com', planId: 1, amount: 299, status: 'pending' })
    const changed = await form(`/admin/orders/${String(order._id)}`, { status: 'paid' }, ownerCookie)
    expect(changed.status).toBe(303)

    const failed = await auditEvents({ kind: 'sign-in-failed' })
    expect(failed.map((event) => event.action)).toEqual(expect.arrayContaining(['wrong password', 'unknown username']))
    expect(failed.find((event) => event.target === `user:${String(owner._id)}`)).toMatchObject({ actorId: null, action: 'wrong password' })
    expect(JSON.stringify(await AuditEvent.find().lean())).not.toContain('my-secret-password-typed-as-a-name')
    expect(await auditEvents({ kind: 'csv-export', actorUsername: TEST_STAFF.username })).toHaveLength(1)
    const [statusChange] = await auditEvents({ kind: 'order-status' })
    expect(statusChange).toMatchObject({
      actorUsername: TEST_STAFF.username,
      target: `order:${String(order._id)}`,
      changes: { status: { before: 'pending', after: 'paid' } },
    })
    expect(statusChange!.requestId).toMatch(/^[\w.-]+$/)
    const accountActions = (await auditEvents({ kind: 'account' })).map((event) => event.action)
    expect(accountActions).toEqual(
      expect.arrayContaining(['added account', 'set password with one-time link', 'disabled account', 'enabled account']),
    )
    expect(await auditEvents({ kind: 'sign-in', actorUsername: TEST_STAFF.username })).not.toHaveLength(0)
    // No raw address anywhere.
    expect(JSON.stringify(await AuditEvent.find().lean())).not.toContain('127.0.0.1')
  })

  it('is shown to owners, filtered by actor and kind', async () => {
    const page = await json(ownerCookie, 'GET', `/admin/audit?kind=csv-export&actor=${TEST_STAFF.username}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('downloaded the access log (last 24 hours) as CSV')
    expect(html).not.toContain('added account')
    const all = await (await json(ownerCookie, 'GET', '/admin/audit')).text()
    expect(all).toContain('added account')
  })

  it('keeps an order status change made through the API in the same trail', async () => {
    const order = await Order.create({ name: 'Lee', email: 'lee@example.com', planId: 1, amount: 299, status: 'pending' })
    const owner = (await User.findOne({ username: TEST_STAFF.username }).lean())!
    const by = {
      actor: { id: String(owner._id), username: owner.username },
      context: contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'api-order' }),
    }
    expect(await changeOrderStatus(String(order._id), 'canceled', by)).toMatchObject({ outcome: 'changed' })
    expect(await AuditEvent.exists({ requestId: 'api-order', kind: 'order-status' })).not.toBeNull()
  })
})
