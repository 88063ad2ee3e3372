import { deleteInBatches } from '#app/lib/db/delete-in-batches.server'
import { RateLimitHit } from '#app/lib/rate-limit/rate-limit-model.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { metrics } from '#app/lib/observability/metrics.server'

export type RateLimitRule = {
  /** Names the limit, e.g. 'contact'; hits under different rules never mix. */
  name: string
  limit: number
  windowMs: number
}

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

/** An allowed hit: `release` takes it back (a sign-in that succeeded is not held against anyone). */
export type RateLimitClaim = RateLimitResult & { release: () => Promise<void> }

function windowOf(rule: RateLimitRule, now: number) {
  const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs)
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000))
  return { windowStart, retryAfterSeconds }
}

const nothingToRelease = async () => {}

/** Every refusal passes here: the metric counts refusals by rule (never by subject). */
function counted<T extends RateLimitResult>(rule: RateLimitRule, result: T): T {
  if (!result.allowed) metrics.rateLimitRefusals.inc({ rule: rule.name })
  return result
}

/**
 * Counts one hit for `subject` (an address, a username) under `rule` in a fixed window, in the
 * database, so every instance behind the load balancer shares the count.
 *
 * A window has `limit` numbered slots and a hit inserts one, its _id naming rule, subject, window and
 * slot: a unique insert is atomic on FerretDB too, so at most `limit` hits pass. The count is read
 * first, so a refused hit writes nothing.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitClaim> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now)
  const key = `${rule.name}:${subject}`
  const refused = { allowed: false, remaining: 0, retryAfterSeconds, release: nothingToRelease }
  const taken = await RateLimitHit.countDocuments({ key, windowStart })
  if (taken >= rule.limit) return counted(rule, refused)
  const expiresAt = new Date(windowStart.getTime() + rule.windowMs)
  // Start at the first slot that is probably free and wrap around: released slots are reused.
  for (let attempt = 0; attempt < rule.limit; attempt++) {
    const slot = (taken + attempt) % rule.limit
    const _id = `${key}|${windowStart.getTime()}|${slot}`
    try {
      await RateLimitHit.create({ _id, key, windowStart, expiresAt })
    } catch (error) {
      if (isDuplicateKeyError(error)) continue
      throw error
    }
    return {
      allowed: true,
      remaining: Math.max(0, rule.limit - taken - attempt - 1),
      retryAfterSeconds,
      release: async () => {
        await RateLimitHit.deleteOne({ _id })
      },
    }
  }
  return counted(rule, refused)
}

/**
 * One hit under every rule, or none: the counts are read first (nothing is written when any limit
 * is reached), then each slot is taken; if one is gone meanwhile, those already taken are released.
 */
export async function hitRateLimits(hits: { rule: RateLimitRule; subject: string }[], now = Date.now()): Promise<RateLimitClaim> {
  const peeks = await Promise.all(hits.map(({ rule, subject }) => peekRateLimit(rule, subject, now)))
  const full = peeks.filter((peek) => !peek.allowed)
  if (full.length > 0) {
    return {
      allowed: false,
      remaining: 0,
      retryAfterSeconds: Math.max(...full.map((peek) => peek.retryAfterSeconds)),
      release: nothingToRelease,
    }
  }
  const claims: RateLimitClaim[] = []
  for (const { rule, subject } of hits) {
    const claim = await hitRateLimit(rule, subject, now)
    if (!claim.allowed) {
      await Promise.all(claims.map((taken) => taken.release()))
      return claim
    }
    claims.push(claim)
  }
  return {
    allowed: true,
    remaining: Math.min(...claims.map((claim) => claim.remaining)),
    retryAfterSeconds: Math.max(...claims.map((claim) => claim.retryAfterSeconds)),
    release: async () => {
      await Promise.all(claims.map((claim) => claim.release()))
    },
  }
}

/** Reads the count without adding to it. */
export async function peekRateLimit(rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now)
  const count = await RateLimitHit.countDocuments({ key: `${rule.name}:${subject}`, windowStart })
  return counted(rule, { allowed: count < rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds })
}

export async function resetRateLimit(rule: RateLimitRule, subject: string) {
  await RateLimitHit.deleteMany({ key: `${rule.name}:${subject}` })
}

/** Removes hits of finished windows (a scheduled job: no TTL indexes, FerretDB lacks them). */
export async function pruneRateLimits(now = new Date()) {
  // In batches: a flood of hits can exceed FerretDB's limit for one deleteMany.
  return deleteInBatches(RateLimitHit, { expiresAt: { $lt: now } })
}
