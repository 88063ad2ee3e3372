import { randomUUID } from 'node:crypto'
import type { Cookie } from 'react-router'
import { createSiteCookie } from '#app/lib/session/site-cookie.server'

let cookie: Cookie | undefined

/** Signed, so a visitor can't write into someone else's conversation by guessing an id. */
function visitorCookie() {
  cookie ??= createSiteCookie('en_chat_visitor', { maxAge: 60 * 60 * 24 * 365 })
  return cookie
}

/** The visitor's chat id from a valid signed cookie, or null (none, forged, or signed with a retired secret). */
export async function existingChatVisitor(request: Request): Promise<string | null> {
  const existing: unknown = await visitorCookie().parse(request.headers.get('Cookie'))
  return typeof existing === 'string' && /^[0-9a-f-]{36}$/.test(existing) ? existing : null
}

/** The visitor's chat id from the cookie, or a new one with the Set-Cookie header to send back. */
export async function chatVisitor(request: Request): Promise<{ visitorId: string; setCookie?: string }> {
  const existing = await existingChatVisitor(request)
  if (existing) return { visitorId: existing }
  const visitorId = randomUUID()
  return { visitorId, setCookie: await visitorCookie().serialize(visitorId) }
}

/** The Set-Cookie value that makes this browser the visitor of a conversation (a resume link). */
export function chatVisitorCookie(visitorId: string) {
  return visitorCookie().serialize(visitorId)
}
