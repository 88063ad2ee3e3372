import { getEnv } from '#app/lib/config/env.server'

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

// Control characters (tabs and newlines included, which URL parsers silently drop) and backslashes
// (which browsers read as slashes) have no place in a path we send a browser to.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_PATH_CHARACTERS = /[\u0000-\u001f\u007f\\]/

/**
 * A user-supplied path (`redirectTo` and the like) made safe to redirect to: a path on this site, or
 * `fallback`. The check is made on the path as a browser will resolve it, after dot segments and
 * percent-encoded dots are removed, because `/.//evil.example`, `/%2e//evil.example` and
 * `/a/..//evil.example` all become `//evil.example`, which a browser reads as another host.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/admin'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || UNSAFE_PATH_CHARACTERS.test(target)) return fallback
  try {
    const base = 'http://local.invalid'
    const url = new URL(target, base)
    if (url.origin !== base) return fallback
    const path = url.pathname + url.search + url.hash
    if (!path.startsWith('/') || path.startsWith('//') || UNSAFE_PATH_CHARACTERS.test(path)) return fallback
    return path
  } catch {
    return fallback
  }
}
