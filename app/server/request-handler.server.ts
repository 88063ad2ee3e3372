import type { Writable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { type AppLoadContext, createRequestHandler as createReactRouterHandler, type ServerBuild } from 'react-router'

/**
 * React Router's request handler for Express, as @react-router/express makes it, except for how a
 * response body is written. That adapter (7.18) races every chunk it reads against one promise that
 * stays pending for the whole response, and a pending promise keeps each race's result alive, so a
 * streamed response held every chunk it had sent until it ended (remix-run/react-router#15247; fixed
 * only in v8, which needs Node 22): the CSV export of 10^6 log entries (155 MB) took the server from
 * 137 MB to 335 MB of RSS. `writeBody` below keeps nothing once it is written.
 */
export function createRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}): RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handleRequest(fetchRequestFor(req, res), getLoadContext(req, res))
      await sendResponse(req, res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** The Fetch API request for an Express one; its signal aborts when the client goes away first. */
function fetchRequestFor(req: ExpressRequest, res: ExpressResponse): Request {
  // req.host honours TRUST_PROXY (X-Forwarded-Host); anything that is not a plain host[:port] is refused.
  const host = req.host && /^[^\\/?#@\s]+$/.test(req.host) ? req.host : 'localhost'
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
  }
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit)
}

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  // Iterating Headers gives each Set-Cookie on its own.
  for (const [name, value] of response.headers) res.append(name, value)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel()
    res.end()
    return
  }
  await writeBody(response.body, res)
}

/**
 * Writes a body to the response chunk by chunk, waiting for 'drain' whenever the socket (or the
 * compression stream in front of it) is full, and holding no chunk once it is written. A client
 * that goes away cancels the body (a database cursor behind it is closed). A body that fails
 * midway destroys the response, so the client sees a broken transfer rather than a short file.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Writable & { flush?: () => void }) {
  const reader = body.getReader()
  let resume: (() => void) | undefined
  const onDrain = () => resume?.()
  const onClose = () => {
    resume?.()
    if (!res.writableFinished) reader.cancel().catch(() => undefined)
  }
  // One listener each for the whole response, never one per chunk: the compression middleware
  // forwards 'drain' listeners to its zlib stream and cannot remove them from it.
  res.on('drain', onDrain)
  res.on('close', onClose)
  try {
    let finished = false
    while (!res.destroyed) {
      const { done, value } = await reader.read()
      finished = done
      if (done || res.destroyed) break
      if (!res.write(value)) {
        await new Promise<void>((resolve) => (resume = resolve))
        resume = undefined
      }
      // compression holds output until its window fills; a streamed page must reach the browser as it renders.
      res.flush?.()
    }
    if (!finished) await reader.cancel()
    else if (!res.destroyed) res.end()
  } catch (error) {
    res.destroy()
    throw error
  } finally {
    res.off('drain', onDrain)
    res.off('close', onClose)
    reader.releaseLock()
  }
}
