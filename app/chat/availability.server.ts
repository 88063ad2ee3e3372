import { getEnv } from '#app/lib/config/env.server'
import type { ChatAvailability } from '#app/domain/chat'
import { isWithinSupportHours, nextReplyBy } from '#app/domain/support-hours'
import { StaffPresence } from '#app/chat/chat-model.server'

// "Online": within support hours while at least one staff member has the chat page open
// on any instance. Staff event streams keep a presence record fresh (chat/live-feed.server.ts).

/** A presence record older than this is a closed page or a stopped instance. */
export const PRESENCE_FRESH_MS = 60_000
const CACHE_MS = 2000

const cache = { at: 0, present: false, valid: false }

async function staffPresent(now: Date) {
  if (cache.valid && now.getTime() - cache.at < CACHE_MS) return cache.present
  const present = (await StaffPresence.exists({ seenAt: { $gt: new Date(now.getTime() - PRESENCE_FRESH_MS) } })) !== null
  Object.assign(cache, { at: now.getTime(), present, valid: true })
  return present
}

/** Forgets the cached answer: a staff page just opened or closed on this instance. */
export function presenceChanged() {
  cache.valid = false
}

export async function chatAvailability(now = new Date()): Promise<ChatAvailability> {
  const mode = getEnv().SUPPORT_HOURS
  const online = isWithinSupportHours(now, mode) && (await staffPresent(now))
  return online ? { online } : { online, nextReplyBy: nextReplyBy(now, mode).toISOString() }
}
