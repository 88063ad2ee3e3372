import { randomUUID } from 'node:crypto'
import { createCookie } from 'react-router'
import { getEnv } from '#app/config/env.server'
import { sessionSecrets } from '#app/session/secrets.server'

let cookie: ReturnType<typeof createCookie> | undefined

/** Signed, so a visitor can't write into someone else's conversation by guessing an id. */
function visitorCookie() {
  cookie ??= createCookie('en_chat_visitor', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().NODE_ENV === 'production' && getEnv().SITE_URL.startsWith('https:'),
    maxAge: 60 * 60 * 24 * 365,
    secrets: sessionSecrets(),
  })
  return cookie
}

/** The visitor's chat id from the cookie, or a new one with the Set-Cookie header to send back. */
export async function chatVisitor(request: Request): Promise<{ visitorId: string; setCookie?: string }> {
  const existing: unknown = await visitorCookie().parse(request.headers.get('Cookie'))
  if (typeof existing === 'string' && /^[0-9a-f-]{36}$/.test(existing)) return { visitorId: existing }
  const visitorId = randomUUID()
  return { visitorId, setCookie: await visitorCookie().serialize(visitorId) }
}
