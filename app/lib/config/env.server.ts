import { z } from 'zod'
import { withoutTrailingSlashes } from '#app/domain/site-paths'
import { LOG_LEVELS } from '#app/lib/observability/log-levels'
import { DEFAULT_CHAT_RETENTION_DAYS, DEFAULT_ENQUIRY_RETENTION_DAYS } from '#app/domain/privacy'
import { defaultWorkerCount } from './cpu-limit.server'
import { type FileSetting, readSecretFiles } from './secret-files.server'

// Every setting the server reads, validated once. Defaults are for a newcomer's local run;
// REQUIRE_SECRETS=true (set in the Docker image) makes the production-only ones mandatory.
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional()
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')
/** Several secrets, comma-separated, so one can be rotated in: the first signs, all verify. */
const secretList = optionalString.pipe(
  z
    .string()
    .transform((value) => value.split(',').map((secret) => secret.trim()))
    .refine(
      (secrets) => secrets.every((secret) => secret.length >= 32),
      'SESSION_SECRET must be at least 32 characters (each, when several)',
    )
    .optional(),
)

/** A whole number from min to max; empty means the default. */
function wholeNumber(message: string, min: number, max: number, defaultValue: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(defaultValue),
  )
}

/** A retention period in whole days (1 to 10 years); empty means the default the privacy policy states. */
function retentionDays(name: string, defaultDays: number) {
  return wholeNumber(`${name} must be a whole number of days from 1 to 3650`, 1, 3650, defaultDays)
}

/** log2 of scrypt's N for staff password hashes (OWASP's N=2^17): the default, and a public site's only choice. */
export const PRODUCTION_SCRYPT_COST = 17
/** The cheapest cost a test server may ask for (1 MiB and a few milliseconds a hash). */
const CHEAPEST_SCRYPT_COST = 10

/** A loopback address can't be the public address of a reachable site: it is a local run. */
export function isLoopbackUrl(url: string) {
  const host = new URL(url).hostname
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    SITE_URL: z
      .url()
      .default('http://localhost:3000')
      .transform((url) => withoutTrailingSlashes(url)),
    MONGODB_URI: z
      .string({ error: 'MONGODB_URI is required (npm start and npm test start a local database when it is unset)' })
      .trim()
      .regex(/^mongodb(\+srv)?:\/\//, 'MONGODB_URI must start with mongodb:// or mongodb+srv://'),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    REQUIRE_SECRETS: booleanFlag,
    ALLOW_INSECURE_SITE_URL: booleanFlag,
    SESSION_SECRET: secretList,
    SESSION_SECRET_FILE: z.string().trim().min(1).default('.data/session-secret'),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional()),
    SMTP_URL: optionalUrl,
    CONTACT_TO: optionalString.pipe(z.email('CONTACT_TO must be an e-mail address').optional()),
    MAIL_FROM: z.string().trim().min(3).default('Website <no-reply@localhost>'),
    TEAMS_WEBHOOK_URL: optionalUrl,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: optionalUrl,
    STRIPE_PORTAL_CONFIGURATION: optionalString.pipe(
      z
        .string()
        .regex(/^bpc_\w+$/, 'STRIPE_PORTAL_CONFIGURATION must be a portal configuration id (bpc_...)')
        .optional(),
    ),
    LOG_LEVEL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }))
      .default('info'),
    METRICS_TOKEN: optionalString.pipe(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
    // OpenTelemetry's collector (OTLP over HTTP); unset: no tracing code is loaded (tracing.ts).
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
    // Memory for cached anonymous pages in each server process, in MiB; 0 switches the cache off.
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    // How long a cached page is served before it is rendered again (content changes drop it sooner).
    PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    // How long a request waits for an unreachable database before it is answered 503. Tests of an
    // outage set it lower, so each refusal they check takes a second, not three.
    DATABASE_WAIT_MS: z.coerce.number().int().min(500).max(30_000).default(3000),
    // How long each instance keeps the catalogue's lists (content changes empty it sooner). Tests of
    // an outage set it lower, so a read past it fails without waiting the full period.
    CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    // Comment lines on open chat streams; staff streams' sessions are re-checked at each, so this
    // bounds how long a revoked session keeps receiving: at most 25, so within 30 s. Tests set it lower.
    CHAT_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(25).default(25),
    // When the support chat is staffed: SPEC's business hours, or always/closed (a holiday).
    SUPPORT_HOURS: z
      .enum(['business', 'always', 'closed'], { error: 'SUPPORT_HOURS must be business, always or closed' })
      .default('business'),
    // How long enquiries, and chat conversations after their last message, are kept: the privacy
    // policy states the defaults, so change its text when changing these.
    ENQUIRY_RETENTION_DAYS: retentionDays('ENQUIRY_RETENTION_DAYS', DEFAULT_ENQUIRY_RETENTION_DAYS),
    CHAT_RETENTION_DAYS: retentionDays('CHAT_RETENTION_DAYS', DEFAULT_CHAT_RETENTION_DAYS),
    // log2 of scrypt's N for new staff password hashes. Only the test servers set it lower (seconds
    // per sign-in at 2^17 on a busy machine); stored hashes keep the cost they were made with.
    PASSWORD_SCRYPT_COST: wholeNumber(
      `PASSWORD_SCRYPT_COST must be a whole number from ${CHEAPEST_SCRYPT_COST} to ${PRODUCTION_SCRYPT_COST}`,
      CHEAPEST_SCRYPT_COST,
      PRODUCTION_SCRYPT_COST,
      PRODUCTION_SCRYPT_COST,
    ),
    // Server processes (node:cluster workers) in production; unset: one per CPU the container may use.
    WEB_CONCURRENCY: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number()
        .int()
        .min(1)
        .max(64)
        .default(() => defaultWorkerCount()),
    ),
  })
  .superRefine((env, ctx) => {
    // Cookies are Secure only over https, and payment return URLs come from SITE_URL.
    if (
      env.NODE_ENV === 'production' &&
      !env.SITE_URL.startsWith('https:') &&
      !env.ALLOW_INSECURE_SITE_URL &&
      !isLoopbackUrl(env.SITE_URL)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'SITE_URL must be an https:// address in production (set ALLOW_INSECURE_SITE_URL=true to serve it over plain http)',
      })
    }
    // A cheap hash is for a test server on this machine: never on a site others can reach.
    const publicSite = env.REQUIRE_SECRETS || (env.NODE_ENV === 'production' && !isLoopbackUrl(env.SITE_URL))
    if (env.PASSWORD_SCRYPT_COST !== PRODUCTION_SCRYPT_COST && publicSite) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_SCRYPT_COST'],
        message: `PASSWORD_SCRYPT_COST must be ${PRODUCTION_SCRYPT_COST} (or unset) in production: a lower cost is for test servers on a loopback SITE_URL`,
      })
    }
    if (!env.REQUIRE_SECRETS) return
    for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'SESSION_SECRET'] as const) {
      const or = key === 'ADMIN_USERNAME' ? '' : ` (or ${key}_FILE)`
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key}${or} is required when REQUIRE_SECRETS is set` })
    }
  })
  // The default staff name applies only where the deployment does not demand one (checked above).
  .transform((env) => ({ ...env, ADMIN_USERNAME: env.ADMIN_USERNAME ?? 'admin' }))

export type Env = z.infer<typeof envSchema> & {
  /** The settings whose value was read from the file `<NAME>_FILE` names. */
  readonly fromFiles: readonly FileSetting[]
}

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'InvalidEnvironmentError'
  }
}

/** Validates the settings, each secret taken from its variable or from the file `<NAME>_FILE` names. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const files = readSecretFiles(source)
  const result = envSchema.safeParse({ ...source, ...files.values })
  const problems = [
    ...files.problems,
    ...(result.error?.issues ?? []).map((issue) => {
      const name = issue.path.join('.') || 'environment'
      return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`
    }),
  ]
  if (!result.success || problems.length > 0) throw new InvalidEnvironmentError(problems)
  return { ...result.data, fromFiles: Object.keys(files.values) as FileSetting[] }
}

let cached: Env | undefined

/** The validated configuration; read from process.env on first use and then kept. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}
