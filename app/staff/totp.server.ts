import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { getTOTPAuthUri, verifyTOTP } from '@epic-web/totp'
import { encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding'
import { claimOnce } from '#app/lib/db/claim-once.server'
import { BUSINESS } from '#app/domain/business'
import { User } from '#app/staff/user-model.server'
import { hitRateLimits, type RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'
import { log } from '#app/lib/observability/logger.server'
import { ATTEMPTS_PER_ADDRESS } from './sign-in.server'
import { openTotpSecret, sealTotpSecret, TotpSecretUnreadableError } from './totp-secret-box.server'

// Two-step verification: RFC 6238 codes, 30-second steps, 6 digits, SHA-1 (the only algorithm
// every authenticator app honours), one step of clock drift either way.
export const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const
export const RECOVERY_CODE_COUNT = 10

/** Codes are counted like passwords: per account (only someone with the password gets this far) and per address. */
export const CODES_PER_ACCOUNT: RateLimitRule = { name: 'second-factor-account', limit: 5, windowMs: 15 * 60 * 1000 }
export const TOO_MANY_CODES_MESSAGE = 'Too many wrong codes. Please wait 15 minutes and try again.'

/** A new secret: 160 random bits (RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret() {
  return encodeBase32UpperCaseNoPadding(randomBytes(20))
}

/** What the enrolment page shows: the secret as text (grouped by four) and as a QR code drawn on the server. */
export async function enrolmentDetails(secret: string, username: string) {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: username, issuer: BUSINESS.name })
  // Loaded when someone enrols, not at every start.
  const { default: QRCode } = await import('qrcode')
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secretText: secret.replace(/(.{4})/g, '$1 ').trim(), uri, qrSvg }
}

function currentStep() {
  return Math.floor(Date.now() / 1000 / TOTP.period)
}

/**
 * The time step a code belongs to, or null when it matches none within one step of now. (The
 * library reads the clock itself; the step is read after it, so at a step boundary the later one is
 * taken, which only ever refuses more.)
 */
async function stepOfCode(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const match = await verifyTOTP({ otp: code, secret, ...TOTP, window: 1 })
  return match ? currentStep() + match.delta : null
}

/**
 * Accepts a code once: refused when its step is not later than the last accepted one, and two
 * requests racing with the same code have one winner (claimOnce). Records the step on success.
 */
async function acceptCodeOnce(userId: string, secret: string, lastStep: number | null | undefined, code: string) {
  const step = await stepOfCode(secret, code)
  if (step === null || (lastStep != null && step <= lastStep)) return false
  if (!(await claimOnce(`totp:${userId}:${step}`, 10 * 60 * 1000))) return false
  await User.updateOne({ _id: userId, $or: [{ totpLastStep: null }, { totpLastStep: { $lt: step } }] }, { $set: { totpLastStep: step } })
  return true
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

/** `s1$<salt>$<SHA-256 of salt and code>`: a salt per code, so no table of hashes fits two of them. */
export function hashRecoveryCode(code: string, salt = randomBytes(16).toString('base64url')) {
  const hash = createHash('sha256')
    .update(`${salt}:${normaliseRecoveryCode(code)}`)
    .digest('base64url')
  return `s1$${salt}$${hash}`
}

/**
 * The stored hash `code` matches, or undefined. Hashes stored before salting (a bare SHA-256 of the
 * code) still match, so codes handed out earlier keep working until they are used or replaced.
 */
export function matchRecoveryCode(stored: readonly string[], code: string): string | undefined {
  const unsalted = createHash('sha256').update(normaliseRecoveryCode(code)).digest('base64url')
  return stored.find((entry) => {
    const [scheme, salt, hash] = entry.split('$')
    const expected = scheme === 's1' && salt && hash ? hashRecoveryCode(code, salt) : unsalted
    return expected.length === entry.length && timingSafeEqual(Buffer.from(expected), Buffer.from(entry))
  })
}

/** Ten single-use recovery codes (50 random bits each, `xxxxx-xxxxx`) and the hashes to store. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32LowerCaseNoPadding(randomBytes(7)).slice(0, 10)
    return `${text.slice(0, 5)}-${text.slice(5)}`
  })
  return { codes, hashes: codes.map((code) => hashRecoveryCode(code)) }
}

export type CodeCheck =
  { outcome: 'accepted'; usedRecoveryCode: boolean } | { outcome: 'invalid' } | { outcome: 'rate-limited'; retryAfterSeconds: number }

/**
 * Checks a code an account's holder entered (sign-in's second step, or turning the factor off):
 * a current code from the app, or one of the recovery codes, which is then used up. Counted
 * against the account's and the address's limits first; a right code gives its attempt back.
 */
export async function checkSecondFactor(userId: string, code: string, clientIp: string): Promise<CodeCheck> {
  const attempt = await hitRateLimits([
    { rule: ATTEMPTS_PER_ADDRESS, subject: clientIp },
    { rule: CODES_PER_ACCOUNT, subject: userId },
  ])
  if (!attempt.allowed) return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfterSeconds }
  const user = await User.findById(userId, { totpSecret: 1, totpLastStep: 1, recoveryCodeHashes: 1 }).lean()
  if (!user?.totpSecret) return { outcome: 'invalid' }
  const normalised = code.replace(/[\s-]/g, '')
  if (/^\d{6}$/.test(normalised)) {
    const secret = await readStoredSecret(userId, 'totpSecret', user.totpSecret)
    if (!secret || !(await acceptCodeOnce(userId, secret, user.totpLastStep, normalised))) return { outcome: 'invalid' }
    await attempt.release()
    return { outcome: 'accepted', usedRecoveryCode: false }
  }
  const hash = matchRecoveryCode(user.recoveryCodeHashes, normalised)
  if (!hash || !(await claimOnce(`recovery:${userId}:${hash}`, 10 * 60 * 1000))) {
    return { outcome: 'invalid' }
  }
  await User.updateOne({ _id: userId }, { $pull: { recoveryCodeHashes: hash } })
  await attempt.release()
  return { outcome: 'accepted', usedRecoveryCode: true }
}

type SecretField = 'totpSecret' | 'totpPendingSecret'

/**
 * The plain secret of a stored value, sealing it again when it was plain text or under an older key
 * (only if no one changed it meanwhile). Null, and an error in the log, when it can't be read: the
 * key it was sealed under is gone or the value was changed, and an owner must remove the account's
 * two-step verification.
 */
async function readStoredSecret(userId: string, field: SecretField, stored: string): Promise<string | null> {
  try {
    const { secret, reseal } = openTotpSecret(stored, userId)
    if (reseal) await User.updateOne({ _id: userId, [field]: stored }, { $set: { [field]: sealTotpSecret(secret, userId) } })
    return secret
  } catch (error) {
    if (!(error instanceof TotpSecretUnreadableError)) throw error
    log.error({ userId, field, reason: error.message }, 'a two-step secret cannot be read with the configured SESSION_SECRET')
    return null
  }
}

/**
 * Seals every TOTP secret still stored in plain text (written before secrets were sealed) or under
 * a key other than the current one (after `SESSION_SECRET=new,old`). Run at every start rather than
 * only when a secret is next used: an account that seldom signs in would otherwise keep a plain
 * secret for months, and a rotated-out key would strand it. Each write is conditional on the value
 * read, so instances starting together don't undo each other. Returns what it did.
 */
export async function sealStoredTotpSecrets(): Promise<{ sealed: number; unreadable: number }> {
  const users = await User.find(
    { $or: [{ totpSecret: { $ne: null } }, { totpPendingSecret: { $ne: null } }] },
    { totpSecret: 1, totpPendingSecret: 1 },
  ).lean()
  let sealed = 0
  let unreadable = 0
  for (const user of users) {
    const userId = String(user._id)
    for (const field of ['totpSecret', 'totpPendingSecret'] as const) {
      const stored = user[field]
      if (!stored) continue
      try {
        const { secret, reseal } = openTotpSecret(stored, userId)
        if (!reseal) continue
        const { modifiedCount } = await User.updateOne(
          { _id: user._id, [field]: stored },
          { $set: { [field]: sealTotpSecret(secret, userId) } },
        )
        sealed += modifiedCount
      } catch (error) {
        if (!(error instanceof TotpSecretUnreadableError)) throw error
        unreadable++
      }
    }
  }
  return { sealed, unreadable }
}

/** The secret being enrolled (kept, sealed, across reloads of the page until confirmed), made when there is none. */
export async function pendingTotpSecret(userId: string): Promise<string> {
  const user = await User.findById(userId, { totpPendingSecret: 1 }).lean()
  const kept = user?.totpPendingSecret ? await readStoredSecret(userId, 'totpPendingSecret', user.totpPendingSecret) : null
  if (kept) return kept
  const secret = newTotpSecret()
  await User.updateOne({ _id: userId }, { $set: { totpPendingSecret: sealTotpSecret(secret, userId) } })
  return secret
}

/** Drops an enrolment that was started and not confirmed (two-step stays as it was). */
export async function cancelTotpEnrolment(userId: string) {
  await User.updateOne({ _id: userId }, { $set: { totpPendingSecret: null } })
}

/** What an account's own page shows of its two-step verification; the enrolment's QR code while one is pending. */
export async function ownTwoStepStatus(userId: string, username: string) {
  const user = await User.findById(userId, { totpSecret: 1, totpPendingSecret: 1, totpEnabledAt: 1, recoveryCodeHashes: 1 }).lean()
  const pending = user && !user.totpSecret && user.totpPendingSecret ? await pendingTotpSecret(userId) : null
  const enrolment = pending ? await enrolmentDetails(pending, username) : null
  return {
    enabled: Boolean(user?.totpSecret),
    enabledAt: user?.totpEnabledAt?.toISOString() ?? null,
    // An account made by an upsert (the ADMIN_USERNAME owner) may have no list at all.
    recoveryCodesLeft: (user?.recoveryCodeHashes as string[] | undefined)?.length ?? 0,
    enrolment: enrolment ? { secretText: enrolment.secretText, qrSvg: enrolment.qrSvg } : null,
  }
}

export type Enrolment =
  { outcome: 'enabled'; recoveryCodes: string[] } | { outcome: 'invalid' } | { outcome: 'rate-limited'; retryAfterSeconds: number }

/** Turns two-step verification on when the first code matches the pending secret; returns the recovery codes, once. */
export async function confirmTotpEnrolment(userId: string, code: string, clientIp: string): Promise<Enrolment> {
  const attempt = await hitRateLimits([
    { rule: ATTEMPTS_PER_ADDRESS, subject: clientIp },
    { rule: CODES_PER_ACCOUNT, subject: userId },
  ])
  if (!attempt.allowed) return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfterSeconds }
  const user = await User.findById(userId, { totpPendingSecret: 1 }).lean()
  const secret = user?.totpPendingSecret ? await readStoredSecret(userId, 'totpPendingSecret', user.totpPendingSecret) : null
  if (!secret || !(await acceptCodeOnce(userId, secret, null, code.replace(/[\s-]/g, '')))) return { outcome: 'invalid' }
  await attempt.release()
  const { codes, hashes } = newRecoveryCodes()
  await User.updateOne(
    { _id: userId },
    {
      $set: {
        totpSecret: sealTotpSecret(secret, userId),
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        recoveryCodeHashes: hashes,
      },
    },
  )
  return { outcome: 'enabled', recoveryCodes: codes }
}

/** Turns two-step verification off for an account (its holder, or an owner for another account). */
export async function removeTotp(userId: string) {
  await User.updateOne(
    { _id: userId },
    { $set: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] } },
  )
}

/** New recovery codes for an account that has two-step verification on; the old ones stop working. */
export async function replaceRecoveryCodes(userId: string): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes()
  await User.updateOne({ _id: userId, totpSecret: { $ne: null } }, { $set: { recoveryCodeHashes: hashes } })
  return codes
}
