import { createHash, randomBytes } from 'node:crypto'
import type { Types } from 'mongoose'
import { claimOnce } from '#app/lib/db/claim-once.server'
import { ChatConversation, ChatResumeToken } from '#app/chat/chat-model.server'

// The link in a chat reply e-mail takes the conversation up in the browser that opens it, once:
// the token is stored as its SHA-256, and using it is a single-use claim (db/claim-once.server.ts),
// which only one request wins (on FerretDB, too, where conditional updates are not atomic). Opening the link
// only shows a button: mail scanners that follow links don't use it up.

export const RESUME_TOKEN_DAYS = 14

function hash(token: string) {
  return createHash('sha256').update(token).digest('base64url')
}

export async function createResumeToken(conversationId: Types.ObjectId, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  await ChatResumeToken.create({ _id: hash(token), conversationId, expiresAt: new Date(now.getTime() + RESUME_TOKEN_DAYS * 86_400_000) })
  return token
}

/** The conversation's visitor id for a valid, unused token (using it up), or null. */
export async function redeemResumeToken(token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const hashed = hash(token)
  const stored = await ChatResumeToken.findOne({ _id: hashed, expiresAt: { $gt: now } }).lean()
  if (!stored) return null
  // Kept as long as the token could still be presented; the claims' prune job removes it after.
  if (!(await claimOnce(`chat-resume:${hashed}`, stored.expiresAt.getTime() - now.getTime(), now.getTime()))) return null
  const conversation = await ChatConversation.findById(stored.conversationId, { visitorId: 1 }).lean()
  return conversation?.visitorId ?? null
}

/** Removes expired tokens and their use marks (no TTL indexes on FerretDB). */
export async function pruneResumeTokens(now = new Date()) {
  const { deletedCount } = await ChatResumeToken.deleteMany({ expiresAt: { $lte: now } })
  return deletedCount
}
