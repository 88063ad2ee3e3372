import { deleteInBatches } from '#app/db/delete-in-batches.server'
import { RateLimitHit } from '#app/models/rate-limit.server'
import { metrics } from '#app/observability/metrics.server'

export type RateLimitRule = {
  /** Names the limit, e.g. 'contact'; hits under different rules never mix. */
  name: string
  limit: number
  windowMs: number
}

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

function windowOf(rule: RateLimitRule, now: number) {
  const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs)
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000))
  return { windowStart, retryAfterSeconds }
}

/** Every refusal passes here: the metric counts refusals by rule (never by subject). */
function counted(rule: RateLimitRule, result: RateLimitResult) {
  if (!result.allowed) metrics.rateLimitRefusals.inc({ rule: rule.name })
  return result
}

/**
 * Counts one hit for `subject` (an IP, a username) under `rule` in a fixed window. Hits live in the
 * database, so every instance behind the load balancer shares the count. Each request inserts its
 * hit and then counts every hit of the window: its count is at least its place in commit order, so
 * concurrent requests can never let more than `limit` through (a burst may refuse a few early).
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now)
  const key = `${rule.name}:${subject}`
  await RateLimitHit.create({ key, windowStart, expiresAt: new Date(windowStart.getTime() + rule.windowMs) })
  const count = await RateLimitHit.countDocuments({ key, windowStart })
  return counted(rule, { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds })
}

/** Reads the count without adding to it (to refuse before doing expensive work). */
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
