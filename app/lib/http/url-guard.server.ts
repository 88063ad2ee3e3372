import type { NextFunction, Request, Response } from 'express'
import { sendRefusal } from './early-refusal.server'

/** No page or API path of this site comes near this; browsers and proxies keep under it too. */
export const MAX_URL_BYTES = 8 * 1024
/** The deepest path of the site has five segments. */
export const MAX_PATH_SEGMENTS = 32

function segmentCount(path: string) {
  let count = 0
  for (let i = 1; i < path.length; i += 1) if (path.charCodeAt(i - 1) === 47 && path.charCodeAt(i) !== 47) count += 1
  return count
}

/**
 * Refuses, before any route, cache or limit lookup reads the path, what would let an attacker
 * multiply per-path work: a URL over 8 KB (414), and a path of thousands of segments (404 here:
 * React Router matches every prefix of a page's path to list its routes, quadratic in segments).
 */
export function refuseHostileUrls(req: Request, res: Response, next: NextFunction) {
  if (req.originalUrl.length > MAX_URL_BYTES) {
    sendRefusal(req, res, {
      status: 414,
      title: 'Address too long',
      message: 'The address of this request is longer than this site accepts.',
      headers: { Connection: 'close' },
    })
    return
  }
  if (segmentCount(req.path) > MAX_PATH_SEGMENTS) {
    sendRefusal(req, res, { status: 404, title: 'Page not found', message: 'There is no page at this address.' })
    return
  }
  next()
}
