import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { sendRefusal } from './early-refusal.server'

/** The methods React Router's routes may answer (loaders: GET and HEAD; actions: the rest). */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export const ALLOWED_METHODS = [...SERVED_METHODS, 'OPTIONS'].join(', ')
const served = new Set<string>(SERVED_METHODS)
const KNOWN_UNSERVED = new Set(['TRACE'])

/**
 * Methods the site doesn't serve (TRACE; PROPFIND and the other WebDAV verbs, made-up ones) are
 * answered 405 or 501 with an Allow header here: the Fetch API behind React Router refuses to build a
 * request for some of them (TRACE), which surfaced as a 500 page. OPTIONS gets the Allow list
 * (there is no cross-origin API, so no CORS headers).
 */
export function refuseUnservedMethods(req: Request, res: Response, next: NextFunction) {
  if (served.has(req.method)) return next()
  if (req.method === 'OPTIONS') {
    res.status(204).set({ Allow: ALLOWED_METHODS, 'Cache-Control': 'no-store' }).end()
    return
  }
  // TRACE is a method HTTP defines (and the site knows) but serves on no path: 405, as nginx and
  // Apache answer. 501 is for methods the site does not know.
  if (KNOWN_UNSERVED.has(req.method)) {
    sendRefusal(req, res, {
      status: 405,
      title: 'Method not allowed',
      message: `This address does not answer TRACE requests. It answers ${ALLOWED_METHODS}.`,
      headers: { Allow: ALLOWED_METHODS },
    })
    return
  }
  sendRefusal(req, res, {
    status: 501,
    title: 'Method not supported',
    message: `This site does not answer requests with that method. It answers ${ALLOWED_METHODS}.`,
    headers: { Allow: ALLOWED_METHODS },
  })
}

/**
 * CONNECT never reaches Express: Node hands it to the server's 'connect' event and, with no
 * listener, drops the connection without an answer. The site is no proxy: it says so and closes.
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex) {
  const body = 'This site does not answer CONNECT requests.\n'
  socket.end(
    `HTTP/1.1 501 Not Implemented\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
