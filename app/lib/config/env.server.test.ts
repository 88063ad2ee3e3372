import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
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
    expect(env.WEB_CONCURRENCY).toBe(availableParallelism())
  })

  it('reads the worker count, and an empty one as unset', () => {
    expect(parseEnv({ ...minimal, WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3)
    expect(parseEnv({ ...minimal, WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(availableParallelism())
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
})
