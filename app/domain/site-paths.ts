// Paths the site's chrome and server treat specially. No imports: the root layout ships this to
// every page.

/** SPEC §2: /checkout and /checkout/{planId}. Their chrome differs (no footer) and only they load Stripe.js. */
export function isCheckoutPath(pathname: string) {
  return pathname === '/checkout' || pathname.startsWith('/checkout/')
}

/**
 * The staff console (/admin and below): its own chrome, none of the public header, footer or chat.
 * Without regard to case, as the router matches it (`/ADMIN/orders` is the orders page).
 */
export function isStaffPath(pathname: string) {
  const path = pathname.toLowerCase()
  return path === '/admin' || path.startsWith('/admin/')
}

/**
 * `path` without its trailing slashes ('/' stays '/' when `keepRoot`). A loop rather than
 * /\/+$/, which a long run of slashes not at the end makes quadratic.
 */
export function withoutTrailingSlashes(path: string, { keepRoot = false } = {}) {
  let end = path.length
  while (end > (keepRoot ? 1 : 0) && path.charCodeAt(end - 1) === 47) end -= 1
  return end === path.length ? path : path.slice(0, end)
}
