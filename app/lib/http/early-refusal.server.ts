import type { Request, Response } from 'express'
import { BUSINESS } from '#app/domain/business'

// Answers for requests refused in front of React Router (too large, a method the site doesn't
// serve): JSON with a `message` for the JSON API, as its routes answer, and a small readable page
// for everything else. Nothing here comes from the request, so nothing needs escaping.

function isApiPath(path: string) {
  return path === '/api' || path.startsWith('/api/')
}

function refusalPage(title: string, message: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | ${BUSINESS.name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.5rem;color:#0f172a;line-height:1.6}a{color:#1d4ed8}</style>
</head><body><main><h1>${title}</h1><p>${message}</p>
<p><a href="/">Return to the home page</a> or call us at <a href="${BUSINESS.phone.href}">${BUSINESS.phone.display}</a>.</p></main></body></html>`
}

export function sendRefusal(
  req: Request,
  res: Response,
  { status, title, message, headers = {} }: { status: number; title: string; message: string; headers?: Record<string, string> },
) {
  res.status(status).set(headers).set('Cache-Control', 'no-store')
  if (isApiPath(req.path)) res.json({ message })
  else res.type('html').send(refusalPage(title, message))
}
