import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import { isCheckoutPath } from '#app/domain/site-paths'
import { PRIVATE_CACHE_CONTROL } from '#app/lib/http/cache-control'

const STRIPE_JS = 'https://js.stripe.com'
const STRIPE_PORTAL = 'https://billing.stripe.com'

/** Stripe.js is loaded on checkout pages only, so only they allow its scripts, frames and API. */
export function allowsStripe(path: string) {
  return isCheckoutPath(path)
}

/**
 * The manage link's page posts its button to a 303 to Stripe's customer portal; browsers hold the
 * redirect of a form's POST to form-action too, so only that page allows the portal there.
 */
export function allowsStripePortal(path: string) {
  return path.startsWith('/manage-subscription/')
}

// Random bytes for nonces are drawn 4 KB at a time: one call to the system's generator per 256
// requests instead of one per request.
const NONCE_BYTES = 16
let pool = Buffer.alloc(0)
let used = 0

function freshNonce() {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256)
    used = 0
  }
  const nonce = pool.toString('base64', used, used + NONCE_BYTES)
  used += NONCE_BYTES
  return nonce
}

/** A fresh nonce per request; React Router's <Scripts> and inline scripts carry it. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = freshNonce()
  next()
}

const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce as string}'`

/**
 * The response's Content-Security-Policy with its nonce replaced by script hash sources: for a
 * cached page, whose bytes (and so whose inline scripts) are the same for every visitor.
 */
export function cspWithScriptHashes(res: Response, hashSources: string[]) {
  const policy = String(res.getHeader('Content-Security-Policy') ?? '')
  const nonce = `'nonce-${res.locals.cspNonce as string}'`
  return policy.replace(hashSources.length ? nonce : ` ${nonce}`, hashSources.join(' '))
}

function helmetFor({ stripe, portal = false, production }: { stripe: boolean; portal?: boolean; production: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'", ...(stripe ? ['https://checkout.stripe.com'] : []), ...(portal ? [STRIPE_PORTAL] : [])],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'script-src': ["'self'", nonceSource, ...(stripe ? [STRIPE_JS] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : []), ...(production ? [] : ['ws:'])],
        'frame-src': stripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
      },
    },
    // HSTS only matters behind HTTPS; the load balancer terminates TLS in production.
    strictTransportSecurity: production ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
}

/**
 * Browser features no page uses are switched off for every page and anything it embeds; checkout
 * pages keep `payment` for Stripe's frames (wallets), which ask for it.
 */
export function permissionsPolicy({ stripe }: { stripe: boolean }) {
  const off = [
    'camera',
    'microphone',
    'geolocation',
    'usb',
    'serial',
    'bluetooth',
    'hid',
    'midi',
    'magnetometer',
    'gyroscope',
    'accelerometer',
  ]
  const features = [...off.map((feature) => `${feature}=()`), 'browsing-topics=()']
  features.push(stripe ? `payment=(self "${STRIPE_JS}")` : 'payment=()')
  return features.join(', ')
}

/**
 * A path as React Router matches it against the route table: percent-decoded segment by segment
 * and compared without regard to case (`/ADMIN/orders` and `/%61dmin/orders` are /admin/orders).
 */
export function routerPath(path: string) {
  let decoded = path
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path)
    } catch {
      // React Router leaves a malformed escape as it is; so does this.
    }
  }
  return decoded.toLowerCase()
}

/**
 * The staff area and the data behind it: pages, their `.data` requests, sign-in, the set-password
 * link and the staff API, matched as the router matches them (routerPath).
 * Their answers hold customers' personal data and must never be kept by a browser or proxy cache.
 */
export function isStaffPath(path: string) {
  const matched = routerPath(path)
  return (
    matched === '/admin' ||
    matched.startsWith('/admin/') ||
    matched.startsWith('/admin.') ||
    matched.startsWith('/admin-login') ||
    matched.startsWith('/set-password') ||
    matched.startsWith('/logout') ||
    matched.startsWith('/api/admin/') ||
    matched.startsWith('/api/orders/')
  )
}

export function securityHeaders({ production }: { production: boolean }) {
  const everywhere = helmetFor({ stripe: false, production })
  const checkout = helmetFor({ stripe: true, production })
  const manageLink = helmetFor({ stripe: false, portal: true, production })
  const policies = { everywhere: permissionsPolicy({ stripe: false }), checkout: permissionsPolicy({ stripe: true }) }
  return (req: Request, res: Response, next: NextFunction) => {
    const stripe = allowsStripe(req.path)
    res.setHeader('Permissions-Policy', stripe ? policies.checkout : policies.everywhere)
    if (isStaffPath(req.path)) res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
    return (stripe ? checkout : allowsStripePortal(req.path) ? manageLink : everywhere)(req, res, next)
  }
}
