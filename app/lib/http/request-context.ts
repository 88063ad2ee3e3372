import { createContext, RouterContextProvider } from 'react-router'
import { onePerProcess } from '#app/server/one-per-process'
import { rateLimitAddress } from './client-address'

/** What server.ts knows about a request before React Router sees it. */
export type RequestInfo = {
  /**
   * Per-response CSP nonce; every inline script must carry it. Undefined when the page is rendered
   * for the page cache: its CSP lists the hashes of its inline scripts instead (page-cache/).
   */
  cspNonce: string | undefined
  /** The visitor's address as Express sees it (honouring TRUST_PROXY), IPv6 by its /64; for rate limits only. */
  clientIp: string
  /** The request id (X-Request-Id): in every log line of this request and in its response header. */
  requestId: string
  /**
   * The request asks for a whole page (not React Router's data for client-side navigation): its
   * static islands arrive as HTML, so their data need not travel with it (server/island-data.server.ts).
   */
  documentRequest: boolean
  /** Filled in while the response is made. */
  outcome: {
    /** Part of the page could not be loaded (a list the database did not give): never cache it. */
    incomplete: boolean
    /** Static islands' data kept out of the page, for the server's render of it, by key. */
    islandValues: Map<string, unknown>
  }
}

// A context is found by identity, so server.ts and the React Router build must share one key.
const requestInfoContext = onePerProcess('request-info', () => createContext<RequestInfo>())

/**
 * The context React Router passes to loaders, actions and entry.server (built by server.ts).
 * Unless told it is a document request, loaders give the browser everything a data request needs.
 */
export function contextFor({
  documentRequest = false,
  ...info
}: Omit<RequestInfo, 'outcome' | 'documentRequest'> & { documentRequest?: boolean }) {
  const context = new RouterContextProvider()
  context.set(requestInfoContext, {
    ...info,
    clientIp: rateLimitAddress(info.clientIp),
    documentRequest,
    outcome: { incomplete: false, islandValues: new Map() },
  })
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

/** Marks the response as missing part of its content (shown with an error text): it must not be cached. */
export function markIncomplete(context: Pick<RouterContextProvider, 'get'>) {
  requestInfo(context).outcome.incomplete = true
}
