import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
  type ServerInstrumentation,
} from 'react-router'
import { InlineStylesheetContext } from '#app/components/stylesheet'
import { isDatabaseUnavailable } from '#app/db/connection.server'
import { requestInfo } from '#app/http/request-context'
import { log } from '#app/observability/logger.server'
import { labelRoute } from '#app/observability/request-scope.server'
import { lowerModulePreloadPriority } from '#app/server/module-preload-priority.server'
import { readBuiltStylesheet } from '#app/server/stylesheet-text.server'

export const streamTimeout = 5000

// Production pages carry the stylesheet inline (components/stylesheet.tsx); read at start-up, so a
// build without it stops the server at once rather than failing every page.
const inlineStylesheet = import.meta.env.PROD ? readBuiltStylesheet() : null

// Requests whose loader or action failed because the database is away: they answer 503, not 500.
const databaseUnavailable = new WeakSet<Request>()

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request)
    log.warn('database unavailable: answering 503')
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
          // No meta: React Router answered before matching (its route manifest for lazy discovery).
          labelRoute(meta ? `/${meta.pattern.replace(/^\/+/, '')}` : '/__manifest')
        },
      })
    },
  },
]

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const status = databaseUnavailable.has(request) ? 503 : responseStatusCode
  if (status === 503) responseHeaders.set('Retry-After', '10')
  const nonce = requestInfo(loadContext).cspNonce
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and no-JavaScript visitors get the whole document at once; browsers get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    const page = (
      <InlineStylesheetContext value={inlineStylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheetContext>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true
        // The page as React writes it, with its module preloads marked low priority on the way out.
        const body = lowerModulePreloadPriority()
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }))
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        if (shellRendered) log.error({ err: error }, 'rendering failed after the page began streaming')
      },
    })
    setTimeout(abort, streamTimeout + 1000)
  })
}
