// How large a request body each route accepts, in one table. The guard in app.server.ts
// (http/body-limit-guard.server.ts) refuses anything larger before React Router sees it, and the
// routes that read bodies read them with the same limit (http/request-body.server.ts).

import { withoutTrailingSlashes } from '#app/domain/site-paths'

const KB = 1024

export const BODY_LIMITS = {
  /** Any route not named below. */
  default: 64 * KB,
  /** Stripe's signed events; the largest (a checkout session with its line items) is well under this. */
  stripeWebhook: 512 * KB,
  /** The contact form, POST /api/contact, POST /api/teams-chat, /chat and staff chat replies: a 5000-character message is ~20 KB at worst. */
  enquiry: 32 * KB,
  /** A payment request is nine short fields: well under 1 KB usually, about 2 KB with each at its longest. */
  paymentRequest: 8 * KB,
  /** The no-JavaScript checkout form: a plan and three options. */
  checkoutForm: 8 * KB,
  /** The page a chat visitor moved to: a path of at most 2,000 characters. */
  chatPage: 4 * KB,
  /** Username (≤ 200 characters) and password (≤ 1000); a sign-in code; a new password twice. */
  signIn: 8 * KB,
  /** A staff account (username, name, role, disabled) through the API. */
  staffAccount: 2 * KB,
  /** A personal-data request: an e-mail address (≤ 254 characters), a phone number and a confirmation. */
  privacy: 2 * KB,
  /** The buyer's manage-subscription forms: an e-mail address, or nothing but the button. */
  manageSubscription: 2 * KB,
  /** The chat's address confirmation: nothing but the button (the link is in the address). */
  chatConfirmEmail: 1 * KB,
  /** A staff status change: a status and a payment id. */
  orderStatus: 2 * KB,
  /**
   * Staff content forms and the JSON content API, which carry an image of at most 2 MB (checked by
   * the route, which answers a bigger one with a form error) and a Markdown body of at most 50,000
   * characters. The room above 2 MB lets a phone photo of up to 8 MB reach that form error instead
   * of this guard's page.
   */
  contentEditing: 8 * KB * KB,
  /** The JSON content API: an article of 50,000 characters is at most ~200 KB as escaped JSON. */
  contentJson: 256 * KB,
} as const

/**
 * The route a request is for, as the limit table names it: React Router's data requests for a
 * page (`/admin-login.data`, `/_root.data` for the home page) count as that page.
 */
function routePath(path: string) {
  if (path === '/_root.data') return '/'
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path
  return withoutTrailingSlashes(page, { keepRoot: true })
}

const LIMITS: [test: (path: string) => boolean, bytes: number][] = [
  [(path) => path === '/api/stripe/webhook', BODY_LIMITS.stripeWebhook],
  [
    (path) =>
      path === '/' ||
      path === '/api/contact' ||
      path === '/api/teams-chat' ||
      path === '/chat' ||
      /^\/(api\/)?admin\/chats\/[^/]+(\/messages|\/reply|\/saved-replies)?$/.test(path),
    BODY_LIMITS.enquiry,
  ],
  [(path) => path === '/api/chat/page', BODY_LIMITS.chatPage],
  [(path) => path === '/chat/confirm-email', BODY_LIMITS.chatConfirmEmail],
  [(path) => path === '/api/create-payment-intent', BODY_LIMITS.paymentRequest],
  [(path) => path === '/checkout' || path.startsWith('/checkout/'), BODY_LIMITS.checkoutForm],
  [
    (path) => path === '/admin-login' || path === '/admin-login/code' || path === '/set-password' || path === '/admin/verify',
    BODY_LIMITS.signIn,
  ],
  [(path) => path === '/manage-subscription' || /^\/manage-subscription\/[^/]+$/.test(path), BODY_LIMITS.manageSubscription],
  [(path) => path === '/api/admin/staff' || path.startsWith('/api/admin/staff/'), BODY_LIMITS.staffAccount],
  [(path) => path === '/admin/privacy' || path === '/admin/privacy/export' || path === '/api/admin/privacy/erase', BODY_LIMITS.privacy],
  [(path) => /^\/api\/orders\/[^/]+\/update-status$/.test(path) || /^\/admin\/orders\/[^/]+$/.test(path), BODY_LIMITS.orderStatus],
  [(path) => /^\/admin\/content\/(?:plans|services|solutions|testimonials|news)(?:\/|$)/.test(path), BODY_LIMITS.contentEditing],
  [(path) => path === '/api/admin/uploads', BODY_LIMITS.contentEditing],
  [(path) => /^\/api\/admin\/(?:plans|services|solutions|testimonials|news)(?:\/|$)/.test(path), BODY_LIMITS.contentJson],
]

/** The largest body, in bytes, that a request to `path` may carry. */
export function bodyLimitFor(path: string): number {
  const route = routePath(path)
  return LIMITS.find(([test]) => test(route))?.[1] ?? BODY_LIMITS.default
}

/** "8 KB", "8 MB" */
export function describeBytes(bytes: number) {
  if (bytes >= KB * KB) return `${Math.floor(bytes / KB / KB)} MB`
  return bytes >= KB ? `${Math.floor(bytes / KB)} KB` : `${bytes} bytes`
}
