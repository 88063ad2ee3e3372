import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { log } from './logger.server'
import { ROUTE_LABELS, recordRequest } from './metrics.server'
import { maskPersonalData } from './personal-data'
import { labelRoute, runInRequestScope, type RequestScope } from './request-scope.server'
import { currentSpan } from './tracing.server'

// A caller's X-Request-Id (a load balancer's, another service's) is kept only when it is a plain
// token; anything else is replaced, never echoed, so it can't inject text into logs or headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/

export function requestIdFrom(header: string | undefined) {
  return header !== undefined && SANE_REQUEST_ID.test(header) ? header : randomUUID()
}

/** nginx's convention for a request the client gave up on before any answer was sent. */
const CLIENT_CLOSED_REQUEST = 499
// Load-balancer probes (a 503 from /readyz is their answer while draining or when the database is
// away), metric scrapes and static files are logged only at LOG_LEVEL=debug.
const QUIET_ROUTES = new Set<string>(['/livez', '/healthz', '/readyz', '/metrics', ROUTE_LABELS.static])

/**
 * The first middleware: gives the request its id (response header X-Request-Id, every log line
 * written while handling it, `requestInfo(context).requestId` in loaders and actions), then writes
 * one log line and one metric observation when the response ends. The line names the method, the
 * path without its query (which can carry personal data or secrets), the route, status and time.
 */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = performance.now()
  const scope: RequestScope = { id: requestIdFrom(req.get('x-request-id')), span: currentSpan() }
  res.locals.requestId = scope.id
  res.setHeader('X-Request-Id', scope.id)
  res.once('close', () => {
    const durationMs = Math.round((performance.now() - started) * 10) / 10
    const status = res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST
    const route = scope.route ?? ROUTE_LABELS.other
    recordRequest({ route, method: req.method, status, seconds: durationMs / 1000 })
    const level = QUIET_ROUTES.has(route) ? 'debug' : status >= 500 ? 'error' : 'info'
    if (!log.isLevelEnabled(level)) return
    const path = maskPersonalData((req.originalUrl.split('?', 1)[0] ?? '').slice(0, 512))
    const aborted = !res.writableFinished
    log[level](
      { reqId: scope.id, method: req.method, path, route, status, durationMs, ...(aborted ? { aborted } : {}) },
      'request completed',
    )
  })
  runInRequestScope(scope, next)
}

/**
 * Labels the requests `handler` answers (static files): a request it passes on is labelled by
 * whichever handler answers it, or `(other)`.
 */
export function labelled(route: string, handler: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    labelRoute(route)
    handler(req, res, (error?: unknown) => {
      labelRoute(undefined)
      next(error)
    })
  }
}
