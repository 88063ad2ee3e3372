import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultWorkerCount } from './cpu-limit.server'
import { InvalidEnvironmentError, parseEnv } from './env.server'

const minimal = { MONGODB_URI: 'mongodb://127.0.0.1:27017/site' }

describe('configuration', () => {
  it('fills in the documented defaults', () => {
    const env = parseEnv(minimal)
    expect(env.PORT).toBe(3000)
    expect(env.HOST).toBe('0.0.0.0')
    expect(env.ADMIN_USERNAME).toBe('admin')
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.PAGE_CACHE_MB).toBe(64)
    expect(env.PAGE_CACHE_TTL_SECONDS).toBe(300)
    expect(env.CHAT_HEARTBEAT_SECONDS).toBe(25)
    expect(env.CATALOGUE_CACHE_SECONDS).toBe(10)
    expect(env.DATABASE_WAIT_MS).toBe(3000)
    expect(env.WEB_CONCURRENCY).toBe(defaultWorkerCount())
  })

  it('reads the worker count, and an empty one as unset', () => {
    expect(parseEnv({ ...minimal, WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3)
    expect(parseEnv({ ...minimal, WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(defaultWorkerCount())
    expect(() => parseEnv({ ...minimal, WEB_CONCURRENCY: '0' })).toThrowError(/WEB_CONCURRENCY/)
  })

  it('fills in the operations defaults', () => {
    const env = parseEnv(minimal)
    expect(env.LOG_LEVEL).toBe('info')
    expect(env.METRICS_TOKEN).toBeUndefined()
    expect(env.SHUTDOWN_DRAIN_MS).toBe(5000)
  })

  it('names a bad log level, a short metrics token and a bad drain time', () => {
    expect(() => parseEnv({ ...minimal, LOG_LEVEL: 'verbose' })).toThrowError(/LOG_LEVEL must be one of fatal, error/)
    expect(parseEnv({ ...minimal, LOG_LEVEL: ' DEBUG ' }).LOG_LEVEL).toBe('debug')
    expect(() => parseEnv({ ...minimal, METRICS_TOKEN: 'short-token' })).toThrowError(/METRICS_TOKEN must be at least 32 characters/)
    expect(parseEnv({ ...minimal, METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32))
    expect(() => parseEnv({ ...minimal, SHUTDOWN_DRAIN_MS: 'soon' })).toThrowError(/SHUTDOWN_DRAIN_MS/)
    expect(() => parseEnv({ ...minimal, SHUTDOWN_DRAIN_MS: '-1' })).toThrowError(/SHUTDOWN_DRAIN_MS/)
  })

  it('keeps enquiries two years and chats a year unless told otherwise, and names a bad period', () => {
    expect(parseEnv(minimal)).toMatchObject({ ENQUIRY_RETENTION_DAYS: 730, CHAT_RETENTION_DAYS: 365 })
    expect(parseEnv({ ...minimal, ENQUIRY_RETENTION_DAYS: '400', CHAT_RETENTION_DAYS: '' })).toMatchObject({
      ENQUIRY_RETENTION_DAYS: 400,
      CHAT_RETENTION_DAYS: 365,
    })
    for (const bad of ['0', '-5', '1.5', 'forever', '3651']) {
      expect(() => parseEnv({ ...minimal, ENQUIRY_RETENTION_DAYS: bad }), bad).toThrowError(
        /ENQUIRY_RETENTION_DAYS must be a whole number of days from 1 to 3650/,
      )
      expect(() => parseEnv({ ...minimal, CHAT_RETENTION_DAYS: bad }), bad).toThrowError(/CHAT_RETENTION_DAYS must be a whole number/)
    }
  })

  it('names a missing database address', () => {
    expect(() => parseEnv({})).toThrowError(/MONGODB_URI/)
  })

  it('names a bad port', () => {
    expect(() => parseEnv({ ...minimal, PORT: 'eighty' })).toThrowError(/PORT/)
  })

  it('treats empty strings as unset', () => {
    expect(parseEnv({ ...minimal, SMTP_URL: '', STRIPE_SECRET_KEY: '' }).STRIPE_SECRET_KEY).toBeUndefined()
  })

  it('demands secrets when the deployment asks for them', () => {
    try {
      parseEnv({ ...minimal, REQUIRE_SECRETS: 'true' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError)
      expect((error as InvalidEnvironmentError).problems.join('\n')).toMatch(/ADMIN_USERNAME[\s\S]*ADMIN_PASSWORD[\s\S]*SESSION_SECRET/)
    }
  })

  it('takes several comma-separated session secrets, each of 32 characters or more', () => {
    const secrets = parseEnv({ ...minimal, SESSION_SECRET: `${'n'.repeat(32)}, ${'o'.repeat(40)}` }).SESSION_SECRET
    expect(secrets).toEqual(['n'.repeat(32), 'o'.repeat(40)])
    expect(() => parseEnv({ ...minimal, SESSION_SECRET: `${'n'.repeat(32)},short` })).toThrowError(/SESSION_SECRET must be at least 32/)
  })

  it('refuses a plain-http SITE_URL in production, unless it is a loopback address or explicitly allowed', () => {
    const production = { ...minimal, NODE_ENV: 'production' }
    expect(() => parseEnv({ ...production, SITE_URL: 'http://shop.example' })).toThrowError(/SITE_URL must be an https:\/\/ address/)
    expect(parseEnv({ ...production, SITE_URL: 'https://shop.example' }).SITE_URL).toBe('https://shop.example')
    expect(parseEnv({ ...production, SITE_URL: 'http://shop.example', ALLOW_INSECURE_SITE_URL: 'true' }).SITE_URL).toBe(
      'http://shop.example',
    )
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:4173', 'http://[::1]:3000']) {
      expect(parseEnv({ ...production, SITE_URL: local }).SITE_URL).toBe(local)
    }
    expect(parseEnv({ ...minimal, SITE_URL: 'http://shop.example' }).SITE_URL).toBe('http://shop.example')
  })

  it('hashes staff passwords at the production cost unless a test server on a loopback address asks for less', () => {
    expect(parseEnv(minimal).PASSWORD_SCRYPT_COST).toBe(17)
    expect(parseEnv({ ...minimal, PASSWORD_SCRYPT_COST: '' }).PASSWORD_SCRYPT_COST).toBe(17)
    const testServer = { ...minimal, NODE_ENV: 'production', SITE_URL: 'http://127.0.0.1:4173' }
    expect(parseEnv({ ...testServer, PASSWORD_SCRYPT_COST: '10' }).PASSWORD_SCRYPT_COST).toBe(10)
    const refusal = /PASSWORD_SCRYPT_COST must be 17 \(or unset\) in production/
    expect(() => parseEnv({ ...testServer, SITE_URL: 'https://shop.example', PASSWORD_SCRYPT_COST: '10' })).toThrowError(refusal)
    const image = {
      ...testServer,
      REQUIRE_SECRETS: 'true',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'p'.repeat(12),
      SESSION_SECRET: 's'.repeat(32),
    }
    expect(() => parseEnv({ ...image, PASSWORD_SCRYPT_COST: '10' })).toThrowError(refusal)
    expect(parseEnv({ ...image, SITE_URL: 'https://shop.example', PASSWORD_SCRYPT_COST: '17' }).PASSWORD_SCRYPT_COST).toBe(17)
    for (const bad of ['9', '18', '12.5', 'cheap']) {
      expect(() => parseEnv({ ...testServer, PASSWORD_SCRYPT_COST: bad }), bad).toThrowError(
        /PASSWORD_SCRYPT_COST must be a whole number from 10 to 17/,
      )
    }
  })
})

describe('secrets from files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'env-secrets-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const secret = (name: string, content: string) => {
    const file = path.join(dir, name)
    writeFileSync(file, content)
    return file
  }
  const problemsOf = (source: Record<string, string>) => {
    try {
      parseEnv(source)
    } catch (error) {
      return (error as InvalidEnvironmentError).problems.join('\n')
    }
    throw new Error('expected the configuration to be refused')
  }

  it('reads each secret from the file its _FILE variable names, without the final newline', () => {
    const env = parseEnv({
      ...minimal,
      MONGODB_URI: '',
      MONGODB_URI_FILE: secret('mongodb-uri', 'mongodb://app:pw@db:27017/site?replicaSet=rs0\n'),
      ADMIN_PASSWORD_FILE: secret('admin-password', 'correct horse battery staple\n'),
      SESSION_SECRET_FILE: secret('session-secret', `${'n'.repeat(32)},${'o'.repeat(32)}\n`),
      STRIPE_SECRET_KEY_FILE: secret('stripe-key', 'sk_test_123\r\n'),
      STRIPE_WEBHOOK_SECRET_FILE: secret('stripe-webhook', 'whsec_123'),
      SMTP_URL_FILE: secret('smtp-url', 'smtps://user:pass@mail.example.com:465\n'),
      METRICS_TOKEN_FILE: secret('metrics-token', `${'m'.repeat(40)}\n`),
      TEAMS_WEBHOOK_URL_FILE: secret('teams', 'https://teams.example/hook?sig=abc\n'),
    })
    expect(env.MONGODB_URI).toBe('mongodb://app:pw@db:27017/site?replicaSet=rs0')
    expect(env.ADMIN_PASSWORD).toBe('correct horse battery staple')
    expect(env.SESSION_SECRET).toEqual(['n'.repeat(32), 'o'.repeat(32)])
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_123')
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_123')
    expect(env.SMTP_URL).toBe('smtps://user:pass@mail.example.com:465')
    expect(env.METRICS_TOKEN).toBe('m'.repeat(40))
    expect(env.TEAMS_WEBHOOK_URL).toBe('https://teams.example/hook?sig=abc')
    expect([...env.fromFiles].sort()).toEqual([
      'ADMIN_PASSWORD',
      'METRICS_TOKEN',
      'MONGODB_URI',
      'SESSION_SECRET',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TEAMS_WEBHOOK_URL',
    ])
  })

  it('satisfy REQUIRE_SECRETS', () => {
    const env = parseEnv({
      ...minimal,
      REQUIRE_SECRETS: 'true',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD_FILE: secret('admin-password-2', 'another long password'),
      SESSION_SECRET_FILE: secret('session-secret-2', 's'.repeat(48)),
    })
    expect(env.ADMIN_PASSWORD).toBe('another long password')
    expect(env.SESSION_SECRET).toEqual(['s'.repeat(48)])
  })

  it('refuse a variable set both ways, naming both', () => {
    expect(problemsOf({ ...minimal, STRIPE_SECRET_KEY: 'sk_a', STRIPE_SECRET_KEY_FILE: secret('both', 'sk_b') })).toMatch(
      'STRIPE_SECRET_KEY and STRIPE_SECRET_KEY_FILE are both set: keep one',
    )
  })

  it('treat an empty file as unset, like an empty variable', () => {
    const env = parseEnv({ ...minimal, STRIPE_SECRET_KEY_FILE: secret('empty', '\n'), METRICS_TOKEN_FILE: secret('empty-too', '') })
    expect(env.STRIPE_SECRET_KEY).toBeUndefined()
    expect(env.METRICS_TOKEN).toBeUndefined()
    expect(problemsOf({ ...minimal, MONGODB_URI: '', MONGODB_URI_FILE: secret('empty-uri', '\n') })).toMatch(
      /MONGODB_URI must start with mongodb:\/\//,
    )
  })

  it('name a missing, oversized or non-file path, and never the content', () => {
    expect(problemsOf({ ...minimal, ADMIN_PASSWORD_FILE: path.join(dir, 'absent') })).toMatch(
      `ADMIN_PASSWORD_FILE: cannot read ${path.join(dir, 'absent')} (ENOENT)`,
    )
    expect(problemsOf({ ...minimal, SMTP_URL_FILE: secret('huge', 'x'.repeat(70_000)) })).toMatch(
      /SMTP_URL_FILE: cannot read .*larger than 64 KiB/,
    )
    const folder = path.join(dir, 'folder')
    mkdirSync(folder)
    expect(problemsOf({ ...minimal, STRIPE_WEBHOOK_SECRET_FILE: folder })).toMatch(
      /STRIPE_WEBHOOK_SECRET_FILE: cannot read .*not a regular file/,
    )
    const short = problemsOf({ ...minimal, METRICS_TOKEN_FILE: secret('short-token', 'hunter2-short-token') })
    expect(short).toMatch(/METRICS_TOKEN must be at least 32 characters/)
    expect(short).not.toContain('hunter2')
    const badUrl = problemsOf({ ...minimal, SMTP_URL_FILE: secret('bad-url', 'not a url with password hunter2') })
    expect(badUrl).toMatch(/SMTP_URL/)
    expect(badUrl).not.toContain('hunter2')
  })

  it('treat a session secret file that does not exist yet as the place to keep a generated one', () => {
    const file = path.join(dir, 'not-yet', 'session-secret')
    const env = parseEnv({ ...minimal, SESSION_SECRET_FILE: file })
    expect(env.SESSION_SECRET).toBeUndefined()
    expect(env.SESSION_SECRET_FILE).toBe(file)
    expect(
      problemsOf({ ...minimal, REQUIRE_SECRETS: 'true', ADMIN_USERNAME: 'o', ADMIN_PASSWORD: 'p'.repeat(12), SESSION_SECRET_FILE: file }),
    ).toMatch('SESSION_SECRET (or SESSION_SECRET_FILE) is required when REQUIRE_SECRETS is set')
  })

  it('let SESSION_SECRET win over its file, as the local secret store it also is', () => {
    const env = parseEnv({ ...minimal, SESSION_SECRET: 'v'.repeat(32), SESSION_SECRET_FILE: secret('kept', 'k'.repeat(32)) })
    expect(env.SESSION_SECRET).toEqual(['v'.repeat(32)])
    expect(env.fromFiles).toEqual([])
  })
})
