import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router'
import { InlineStylesheetContext } from '#app/components/stylesheet'
import { isDatabaseUnavailable } from '#app/db/connection.server'
import { requestInfo } from '#app/http/request-context'
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
    console.warn(`[db] ${request.method} ${new URL(request.url).pathname}: database unavailable`)
    return
  }
  console.error(error)
}

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
        if (shellRendered) console.error(error)
      },
    })
    setTimeout(abort, streamTimeout + 1000)
  })
}
