import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
  type ServerInstrumentation,
} from 'react-router'
import { InlineStylesheetContext } from '#app/components/stylesheet'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { PRIVATE_CACHE_CONTROL } from '#app/lib/http/cache-control'
import { isStaffAnswer, requestInfo } from '#app/lib/http/request-context'
import { log } from '#app/lib/observability/logger.server'
import { ROUTE_LABELS } from '#app/lib/observability/metrics.server'
import { labelRoute } from '#app/lib/observability/request-scope.server'
import { withoutModulePreloads } from '#app/server/module-preloads.server'
import { isStaffPath } from '#app/server/security-headers.server'
import { readBuiltStylesheet } from '#app/server/stylesheet-text.server'

export const streamTimeout = 5000

// Production pages carry the stylesheet inline (components/stylesheet.tsx); read at start-up, so a
// build without it stops the server at once rather than failing every page.
const inlineStylesheet = import.meta.env.PROD ? readBuiltStylesheet() : null

// Requests whose loader or action failed because the database is away: they answer 503, not 500.
const databaseUnavailable = new WeakSet<Request>()

function isCrossSiteActionRefusal(error: unknown) {
  return error instanceof Error && error.message.includes('origin does not match `origin` header')
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request)
    log.warn('database unavailable: answering 503')
    return
  }
  if (isCrossSiteActionRefusal(error)) {
    // React Router's own CSRF check refused a form post from another site before any action ran:
    // someone else's probe, not our failure, so a short warning rather than an error with a stack.
    log.warn({ origin: request.headers.get('Origin')?.slice(0, 200) }, 'cross-site form post refused')
    return
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    // A refusal React Router made itself (405 for a POST to a page without an action, say): the
    // request's own mistake, already answered with its status and counted in the request log.
    log.info({ status: error.status }, 'request refused by the router')
    return
  }
  log.error({ err: error }, 'a loader, action or render failed')
}

// React Router names the route it matched (`news/:slug`); the request's log line and metrics use
// that pattern, never the raw path. Unknown paths match the not-found route (`*`).
export const instrumentations: ServerInstrumentation[] = [
  {
    handler(handler) {
      handler.instrument({
        async request(handleRequest) {
          const { meta } = await handleRequest()
          labelRoute(meta ? `/${meta.pattern.replace(/^\/+/, '')}` : ROUTE_LABELS.other)
        },
      })
    },
  },
]

/**
 * A staff route's answer is private whatever the path looked like: the security headers set it by
 * path (so not twice here), and this catches any spelling the router matched but the path check missed.
 */
function keepStaffAnswerPrivate(headers: Headers, context: RouterContextProvider, staffPath: boolean) {
  if (isStaffAnswer(context) && !staffPath) headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
}

export function handleDataRequest(response: Response, { request, context }: { request: Request; context: RouterContextProvider }) {
  keepStaffAnswerPrivate(response.headers, context, isStaffPath(new URL(request.url).pathname))
  return response
}

/**
 * Renders the whole document, then answers it in one piece. No page of ours waits on deferred
 * data, so the shell and the complete page are ready at the same moment and streaming gained
 * nothing; answering in one piece lets the module-preload rewrite, the compression and the page
 * cache each work once on the whole page instead of on every 2 KB that React writes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const status = databaseUnavailable.has(request) ? 503 : responseStatusCode
  if (status === 503) responseHeaders.set('Retry-After', '10')
  const { cspNonce, scriptMarker } = requestInfo(loadContext)
  const nonce = cspNonce ?? scriptMarker
  // A page with a per-response nonce is this visitor's alone (staff paths have it from the security
  // headers already); the page cache's renders (hash-based CSP) get theirs there (page-cache/).
  const staffPath = isStaffPath(new URL(request.url).pathname)
  if (cspNonce !== undefined && !responseHeaders.has('Cache-Control') && !staffPath) {
    responseHeaders.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
  keepStaffAnswerPrivate(responseHeaders, loadContext, staffPath)
  return new Promise<Response>((resolve, reject) => {
    const page = (
      <InlineStylesheetContext value={inlineStylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheetContext>
    )
    const chunks: Buffer[] = []
    const collector = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
    })
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // React moves a finished Suspense boundary that comes late in a large page to the end of the
      // document, hidden, for a script to put back in place: a gain only when streaming, and without
      // JavaScript that content would never show. The page is sent whole, so it stays in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        collector.on('finish', () => {
          clearTimeout(timeout)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(withoutModulePreloads(Buffer.concat(chunks)), { headers: responseHeaders, status }))
        })
        pipe(collector)
      },
      onShellError(error: unknown) {
        clearTimeout(timeout)
        reject(error)
      },
      onError(error: unknown) {
        // Before the shell, React Router's handleError reports it (onShellError rejects).
        if (shellRendered) log.error({ err: error }, 'rendering failed')
      },
    })
    const timeout = setTimeout(abort, streamTimeout + 1000)
  })
}
