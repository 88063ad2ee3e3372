import { execFile } from 'node:child_process'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import mongoose from 'mongoose'
import { describe, expect, it } from 'vitest'
import { ensureAdminAccount, signInHint } from '#app/staff/admin-account.server'
import { findAdminSession, startAdminSession } from '#app/staff/admin-session.server'
import { needsRehash, scryptParams, verifyPassword } from '#app/staff/password.server'
import { PRODUCTION_SCRYPT_COST_ENV } from '#tests/support/scrypt-cost'
import { AdminSession } from '#app/staff/admin-session-model.server'
import { User } from '#app/staff/user-model.server'
import { startAppServer, TEST_STAFF } from '#tests/support/app-server'
import { setupTestDatabase, uniqueDatabaseUri } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

// No known password on a reachable server; secrets that survive a restart and
// can be rotated; the owner account that ADMIN_USERNAME and ADMIN_PASSWORD manage.

setupTestDatabase('staff_accounts')
const run = promisify(execFile)
const projectRoot = path.resolve(import.meta.dirname, '../..')

function cookieRequest(setCookie: string) {
  return new Request('http://localhost/admin', { headers: { Cookie: setCookie.split(';')[0]! } })
}

async function sessionFor(username: string) {
  const user = (await User.findOne({ username }).lean())!
  return cookieRequest(await startAdminSession({ id: String(user._id), username }))
}

describe('the owner account', () => {
  it('is created once with a random password, of which only the hash is stored, and kept by later starts', async () => {
    await User.deleteMany({})
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => ensureAdminAccount({ username: 'admin', password: undefined })))
    // Several instances starting at once: exactly one creates the account and prints its password.
    const generated = outcomes.filter((outcome) => outcome.kind === 'generated')
    expect(generated).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome.kind === 'kept')).toHaveLength(3)
    const { password } = generated[0] as { password: string }
    expect(password.length).toBeGreaterThanOrEqual(20)
    const owner = (await User.findOne({ username: 'admin' }).lean())!
    expect(owner).toMatchObject({ role: 'owner', bootstrap: true, passwordGenerated: true })
    expect(owner.password).not.toContain(password)
    expect(await verifyPassword(password, owner.password!)).toBe(true)
    expect(await signInHint()).toBe('generated')

    expect(await ensureAdminAccount({ username: 'admin', password: undefined })).toEqual({ kind: 'kept', username: 'admin' })
    expect((await User.findOne({ username: 'admin' }).lean())!.password).toBe(owner.password)
  })

  it('has the fixed demo pair only under npm run dev, removed with its sessions by any other start', async () => {
    expect(await ensureAdminAccount({ username: 'admin', password: undefined, development: true })).toMatchObject({ kind: 'demo' })
    const demoSession = await sessionFor('demo')
    expect(await findAdminSession(demoSession)).toMatchObject({ username: 'demo', role: 'owner' })
    expect(await signInHint()).toBe('demo')

    await ensureAdminAccount({ username: 'admin', password: undefined })
    expect(await User.exists({ username: 'demo' })).toBeNull()
    expect(await findAdminSession(demoSession)).toBeNull()
  })

  it('takes ADMIN_PASSWORD; the same password keeps its sessions, a new one ends them', async () => {
    expect(await ensureAdminAccount({ username: 'admin', password: 'the configured passphrase' })).toEqual({
      kind: 'configured',
      username: 'admin',
      passwordChanged: true,
    })
    expect(await signInHint()).toBeNull()
    const session = await sessionFor('admin')
    expect(await ensureAdminAccount({ username: 'admin', password: 'the configured passphrase' })).toMatchObject({ passwordChanged: false })
    expect(await findAdminSession(session)).not.toBeNull()

    const other = await sessionFor('admin')
    await ensureAdminAccount({ username: 'admin', password: 'a changed passphrase' })
    expect(await findAdminSession(session)).toBeNull()
    expect(await findAdminSession(other)).toBeNull()
    expect(await verifyPassword('a changed passphrase', (await User.findOne({ username: 'admin' }).lean())!.password!)).toBe(true)
  })

  it('is removed with its sessions when ADMIN_USERNAME is renamed; other staff accounts are left alone', async () => {
    await User.create({ username: 'technician', password: 'scrypt$x', role: 'staff' })
    const oldOwner = await sessionFor('admin')
    const technician = await sessionFor('technician')
    await ensureAdminAccount({ username: 'owner', password: 'a changed passphrase' })
    expect(await User.exists({ username: 'admin' })).toBeNull()
    expect(await findAdminSession(oldOwner)).toBeNull()
    expect(await findAdminSession(technician)).toMatchObject({ username: 'technician', role: 'staff' })
    expect(await User.findOne({ username: 'owner' }).lean()).toMatchObject({ role: 'owner', bootstrap: true })
    expect(await AdminSession.countDocuments({ username: 'admin' })).toBe(0)
  })
})

describe('signing in', () => {
  it('upgrades a hash made with older scrypt parameters once the password is known', async () => {
    const mongodbUri = uniqueDatabaseUri('rehash')
    const server = await startAppServer({ mongodbUri })
    const connection = await mongoose.createConnection(mongodbUri).asPromise()
    try {
      const users = connection.db!.collection('users')
      const current = (await users.findOne({ username: TEST_STAFF.username }))!
      expect(needsRehash(current.password as string)).toBe(false)
      const old = await legacyHash(TEST_STAFF.password)
      expect(needsRehash(old)).toBe(true)
      await users.updateOne({ _id: current._id }, { $set: { password: old } })

      await signInOverHttp(server.url)
      const upgraded = (await users.findOne({ _id: current._id }))!.password as string
      expect(upgraded).toMatch(new RegExp(`^scrypt\\$${scryptParams().N}\\$8\\$1\\$`))
      expect(await verifyPassword(TEST_STAFF.password, upgraded)).toBe(true)
    } finally {
      await connection.close()
      await server.stop()
    }
  })
})

/** A hash with the first version's parameters (N=2^15, r=8, p=1), made the way it made them. */
async function legacyHash(password: string) {
  const { randomBytes, scrypt } = await import('node:crypto')
  const salt = randomBytes(16)
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  )
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
}

describe('cookie secrets', () => {
  it('are generated on first start without SESSION_SECRET and kept, so sessions survive a restart', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'session-secret-')), 'nested', 'session-secret')
    const mongodbUri = uniqueDatabaseUri('secret_file')
    const env = { SESSION_SECRET: '', SESSION_SECRET_FILE: file }
    const first = await startAppServer({ mongodbUri, env })
    let cookie: string
    try {
      expect(first.output()).toContain(`a secret generated on first start and kept in ${file}`)
      cookie = await signInOverHttp(first.url)
    } finally {
      await first.stop()
    }
    expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(32)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const second = await startAppServer({ mongodbUri, env })
    try {
      const admin = await fetch(`${second.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' })
      expect(admin.status).toBe(200)
    } finally {
      await second.stop()
    }
  })

  it('can be rotated: a comma-separated list signs with the first and accepts all', async () => {
    const mongodbUri = uniqueDatabaseUri('secret_rotation')
    const oldSecret = 'the-old-secret-of-at-least-thirty-two-chars'
    const newSecret = 'the-new-secret-of-at-least-thirty-two-chars'
    const before = await startAppServer({ mongodbUri, env: { SESSION_SECRET: oldSecret } })
    const cookie = await signInOverHttp(before.url).finally(() => before.stop())

    const rotating = await startAppServer({ mongodbUri, env: { SESSION_SECRET: `${newSecret},${oldSecret}` } })
    try {
      expect((await fetch(`${rotating.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(200)
      const fresh = await signInOverHttp(rotating.url)
      expect(fresh).not.toBe(cookie)
    } finally {
      await rotating.stop()
    }
    const rotated = await startAppServer({ mongodbUri, env: { SESSION_SECRET: newSecret } })
    try {
      expect((await fetch(`${rotated.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(302)
    } finally {
      await rotated.stop()
    }
  })
})

describe('secrets from files', () => {
  it('sign cookies and check the owner password with secrets read from Docker-style files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'run-secrets-'))
    const files = {
      password: path.join(dir, 'admin_password'),
      session: path.join(dir, 'session_secret'),
      metrics: path.join(dir, 'metrics_token'),
    }
    await writeFile(files.password, `${TEST_STAFF.password}\n`)
    await writeFile(files.session, `${'f'.repeat(48)}\n`)
    await writeFile(files.metrics, `${'t'.repeat(40)}\n`)
    const server = await startAppServer({
      mongodbUri: uniqueDatabaseUri('secret_files'),
      env: {
        REQUIRE_SECRETS: 'true',
        ...PRODUCTION_SCRYPT_COST_ENV,
        ADMIN_PASSWORD: '',
        ADMIN_PASSWORD_FILE: files.password,
        SESSION_SECRET: '',
        SESSION_SECRET_FILE: files.session,
        METRICS_TOKEN_FILE: files.metrics,
      },
    })
    try {
      expect(server.output()).toContain(`the file ${files.session} (1 secret)`)
      const cookie = await signInOverHttp(server.url)
      expect((await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(200)
      expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${'t'.repeat(40)}` } })).status).toBe(200)
      expect(server.output()).not.toContain(TEST_STAFF.password)
    } finally {
      await server.stop()
    }
  })
})

describe('production settings', () => {
  it('make every cookie Secure, the staff ones with the __Host- prefix, behind an https SITE_URL', async () => {
    const server = await startAppServer({
      mongodbUri: uniqueDatabaseUri('https_cookies'),
      env: { SITE_URL: 'https://shop.example', ...PRODUCTION_SCRYPT_COST_ENV },
    })
    try {
      const response = await fetch(`${server.url}/admin-login`, {
        method: 'POST',
        body: new URLSearchParams(TEST_STAFF),
        redirect: 'manual',
      })
      expect(response.status).toBe(303)
      const cookies = response.headers.getSetCookie()
      expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['__Host-en_admin', '__Host-en_device', '__Host-en_toast'])
      for (const cookie of cookies) {
        expect(cookie).toMatch(/; Secure/)
        expect(cookie).toMatch(/; HttpOnly/)
        expect(cookie).toMatch(/; Path=\//)
        expect(cookie).not.toMatch(/Domain=/i)
      }
      const admin = await fetch(`${server.url}/admin`, { headers: { Cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') } })
      expect(admin.status).toBe(200)
      expect(admin.headers.get('cache-control')).toBe('private, no-store')
    } finally {
      await server.stop()
    }
  })

  it('refuse to start on a plain-http SITE_URL unless ALLOW_INSECURE_SITE_URL=true', async () => {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      MONGODB_URI: uniqueDatabaseUri('insecure_site'),
      SITE_URL: 'http://shop.example',
      ...PRODUCTION_SCRYPT_COST_ENV,
    }
    const failure = await run(process.execPath, ['server.ts'], { cwd: projectRoot, env }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string }
    expect(code).toBe(1)
    expect(stdout + stderr).toContain('SITE_URL must be an https:// address in production')

    const allowed = await startAppServer({
      mongodbUri: env.MONGODB_URI,
      env: { SITE_URL: 'http://shop.example', ALLOW_INSECURE_SITE_URL: 'true', ...PRODUCTION_SCRYPT_COST_ENV },
    })
    try {
      expect((await fetch(`${allowed.url}/healthz`)).status).toBe(200)
    } finally {
      await allowed.stop()
    }
  })
})
