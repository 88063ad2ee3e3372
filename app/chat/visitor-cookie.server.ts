import { randomUUID } from 'node:crypto'
import type { Cookie } from 'react-router'
import { createSiteCookie } from '#app/session/site-cookie.server'

let cookie: Cookie | undefined

/** Signed, so a visitor can't write into someone else's conversation by guessing an id. */
function visitorCookie() {
  cookie ??= createSiteCookie('en_chat_visitor', { maxAge: 60 * 60 * 24 * 365 })
  return cookie
}

/** The visitor's chat id from the cookie, or a new one with the Set-Cookie header to send back. */
export async function chatVisitor(request: Request): Promise<{ visitorId: string; setCookie?: string }> {
  const existing: unknown = await visitorCookie().parse(request.headers.get('Cookie'))
  if (typeof existing === 'string' && /^[0-9a-f-]{36}$/.test(existing)) return { visitorId: existing }
  const visitorId = randomUUID()
  return { visitorId, setCookie: await visitorCookie().serialize(visitorId) }
}
