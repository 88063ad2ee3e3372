import { getEnv } from '#app/config/env.server'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * True when a state-changing request may have been sent by another site's page (a forged form or
 * fetch riding on the staff cookie). Browsers send Sec-Fetch-Site on every request and Origin on
 * every POST; requests without either (curl, server-to-server) carry no ambient browser cookie
 * risk, so they pass and are judged by the session alone.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  const fetchSite = request.headers.get('Sec-Fetch-Site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = request.headers.get('Origin')
  if (!origin) return false
  if (origin === 'null') return true
  const allowed = new Set([new URL(request.url).origin, new URL(getEnv().SITE_URL).origin])
  return !allowed.has(origin)
}

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.'

/** Throws 403 for a cross-site state-changing request (pages and APIs alike answer JSON-free text). */
export function assertSameOrigin(request: Request) {
  if (isCrossSiteRequest(request)) throw Response.json({ message: CROSS_SITE_MESSAGE }, { status: 403 })
}

/** Only a local path (one leading slash, no scheme or host) is followed after sign-in. */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/admin'): string {
  if (typeof target !== 'string') return fallback
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  try {
    const url = new URL(target, 'http://local.invalid')
    if (url.origin !== 'http://local.invalid') return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
