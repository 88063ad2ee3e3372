import { createContext, RouterContextProvider } from 'react-router'
import { onePerProcess } from '#app/server/one-per-process'

/** What server.ts knows about a request before React Router sees it. */
export type RequestInfo = {
  /** Per-response CSP nonce; every inline script must carry it. */
  cspNonce: string
  /** The visitor's address as Express sees it (honouring TRUST_PROXY); for rate limits only. */
  clientIp: string
  /** The request id (X-Request-Id): in every log line of this request and in its response header. */
  requestId: string
}

// A context is found by identity, so server.ts and the React Router build must share one key.
const requestInfoContext = onePerProcess('request-info', () => createContext<RequestInfo>())

/** The context React Router passes to loaders, actions and entry.server (built by server.ts). */
export function contextFor(info: RequestInfo) {
  const context = new RouterContextProvider()
  context.set(requestInfoContext, info)
  return context
}

/** The request's own values, read in a loader or action: `requestInfo(context).clientIp`. */
export function requestInfo(context: Pick<RouterContextProvider, 'get'>): RequestInfo {
  return context.get(requestInfoContext)
}
