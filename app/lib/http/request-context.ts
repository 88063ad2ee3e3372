import { createContext, RouterContextProvider } from 'react-router'
import { rateLimitAddress } from './client-address'

/** What the Express app knows about a request before React Router sees it. */
export type RequestInfo = {
  /**
   * Per-response CSP nonce; every inline script must carry it. Undefined when the page is rendered
   * for the page cache: its CSP lists the hashes of its inline scripts instead (page-cache/).
   */
  cspNonce: string | undefined
  /**
   * For the page cache's renders only: written on every inline script in place of a nonce, so the
   * cache hashes exactly the scripts the render emitted (page-cache/inline-script-hashes.server.ts).
   */
  scriptMarker?: string
  /** The visitor's address as Express sees it (honouring TRUST_PROXY), IPv6 by its /64; for rate limits only. */
  clientIp: string
  /** The request id (X-Request-Id): in every log line of this request and in its response header. */
  requestId: string
}

const requestInfoContext = createContext<RequestInfo>()
const staffAnswerContext = createContext<{ staff: boolean }>({ staff: false })

/** Marks this request's answer as the staff area's (its routes' middleware): kept by no cache. */
export function markStaffAnswer(context: Pick<RouterContextProvider, 'set'>) {
  context.set(staffAnswerContext, { staff: true })
}

/** True when the router matched a staff route for this request (markStaffAnswer). */
export function isStaffAnswer(context: Pick<RouterContextProvider, 'get'>) {
  return context.get(staffAnswerContext).staff
}

/** The context React Router passes to loaders, actions and entry.server (built by app/server/app.server.ts). */
export function contextFor(info: RequestInfo) {
  const context = new RouterContextProvider()
  context.set(requestInfoContext, { ...info, clientIp: rateLimitAddress(info.clientIp) })
  return context
}

/** React Router's data requests (client-side navigation, revalidation) end in `.data`; other paths ask for a document. */
export function isDataRequestPath(path: string) {
  return path.endsWith('.data')
}

/** The request's own values, read in a loader or action: `requestInfo(context).clientIp`. */
export function requestInfo(context: Pick<RouterContextProvider, 'get'>): RequestInfo {
  return context.get(requestInfoContext)
}
