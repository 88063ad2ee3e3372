import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** Per-request CSP nonce set by server.ts; every inline script must carry it. */
    cspNonce: string
    /** The visitor's address as Express sees it (honouring TRUST_PROXY); for rate limits only. */
    clientIp: string
  }
}
