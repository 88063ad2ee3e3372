import { createCookie } from 'react-router'
import { getEnv } from '#app/lib/config/env.server'
import { sessionSecrets } from './secrets.server'

/**
 * True where cookies must be Secure: production served over https (start-up refuses a plain-http
 * SITE_URL in production unless it is a loopback address or ALLOW_INSECURE_SITE_URL is set, and a
 * browser would never send a Secure cookie back over http).
 */
export function secureCookies() {
  const env = getEnv()
  return env.NODE_ENV === 'production' && env.SITE_URL.startsWith('https:')
}

/**
 * Every cookie the site sets, made one way: the whole site, HttpOnly, SameSite=Lax, signed with the
 * session secrets (the first signs, all verify), Secure in production. A Secure cookie also takes the
 * `__Host-` prefix, with which the browser refuses it unless it came over https from this exact host
 * with Path=/ and no Domain, so a sibling subdomain can't plant or overwrite it.
 */
export function createSiteCookie(name: string, { maxAge }: { maxAge?: number } = {}) {
  const secure = secureCookies()
  return createCookie(secure ? `__Host-${name}` : name, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    secrets: sessionSecrets(),
    ...(maxAge === undefined ? {} : { maxAge }),
  })
}
