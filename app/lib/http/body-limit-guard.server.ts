import type { NextFunction, Request, Response } from 'express'
import { bodyLimitFor, describeBytes } from './body-limits'
import { sendRefusal } from './early-refusal.server'

/**
 * How long a connection stays open after a refusal while the client may still be sending. A client
 * that is cut off mid-upload gets a reset instead of the answer (the kernel drops unread data on
 * close), so like nginx's lingering close the rest is read and thrown away for a moment, never kept,
 * and then the connection is closed whatever the client does.
 */
const LINGER_MS = 2000

function refuse(req: Request, res: Response, limit: number) {
  const api = req.path.startsWith('/api/')
  sendRefusal(req, res, {
    status: 413,
    title: 'Request too large',
    message: api
      ? `The request body is too large (at most ${describeBytes(limit)}).`
      : `What you sent is larger than this page accepts (at most ${describeBytes(limit)}). Please go back, shorten it and try again.`,
  })
}

/**
 * Reads the rest of a body that no one will use and throws it away: other readers (React Router's
 * request stream, which would otherwise queue it) are detached, only `keep` (the counter) stays.
 */
function discardRestOfBody(req: Request, keep?: (chunk: Buffer) => void) {
  for (const listener of req.listeners('data')) if (listener !== keep) req.off('data', listener as (chunk: Buffer) => void)
  req.resume()
}

/** Once the answer is out: discard whatever the client still sends for LINGER_MS, then close. */
function closeOnceAnswered(req: Request, res: Response) {
  const linger = () => {
    if (req.complete) return
    discardRestOfBody(req)
    const timer = setTimeout(() => {
      if (!req.complete) req.socket.destroy()
    }, LINGER_MS)
    timer.unref()
    req.socket.once('close', () => clearTimeout(timer))
  }
  if (res.writableFinished) linger()
  else res.once('finish', linger)
}

/**
 * Every request body has a limit (http/body-limits.ts), enforced here before React Router reads a
 * byte: a declared Content-Length above the limit is refused at once, unread, and a body without
 * one (chunked) is counted as it streams in and refused at the first byte over. Either way the
 * answer is 413 and the connection is closed after it, so a 200 MB upload costs the server nothing.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  const limit = bodyLimitFor(req.path)
  const declared = req.headers['content-length']
  if (declared !== undefined && Number(declared) > limit) {
    refuse(req, res, limit)
    closeOnceAnswered(req, res)
    return
  }
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return next()

  let received = 0
  const count = (chunk: Buffer) => {
    received += chunk.length
    if (received <= limit) return
    req.off('data', count)
    // A route that answered without reading the body (a redirect to sign in) keeps its answer.
    if (!res.headersSent) refuse(req, res, limit)
    closeOnceAnswered(req, res)
  }
  req.on('data', count)
  // Listening for data starts the flow; leave that to whoever reads the body, so no chunk is missed.
  req.pause()
  // An answer sent before the body was read (a redirect to sign in, a 405) leaves the rest unread,
  // and Node can't read the connection's next request until it is: read it now, still counting.
  res.once('finish', () => {
    if (!req.complete) discardRestOfBody(req, count)
  })
  next()
}
