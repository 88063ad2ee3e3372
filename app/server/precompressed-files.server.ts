// Serves the browser's files from the copies the build compressed once (scripts/lib/precompress-client-files.ts),
// in the encoding the browser accepts; a file without copies (an image) is served as it is.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler } from 'express'

/** The suffix of each precompressed copy, in the order the server prefers them. */
export const PRECOMPRESSED_SUFFIXES = { br: '.br', gzip: '.gz' } as const
type Encoding = keyof typeof PRECOMPRESSED_SUFFIXES
const ENCODINGS = Object.keys(PRECOMPRESSED_SUFFIXES) as Encoding[]

/** URL path (from `root`) of every file with copies → the encodings it has. Read once: the build never changes. */
function copiesUnder(root: string) {
  const copies = new Map<string, Encoding[]>()
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = '/' + path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    for (const encoding of ENCODINGS) {
      const suffix = PRECOMPRESSED_SUFFIXES[encoding]
      if (!file.endsWith(suffix)) continue
      const original = file.slice(0, -suffix.length)
      copies.set(original, [...(copies.get(original) ?? []), encoding])
    }
  }
  for (const encodings of copies.values()) encodings.sort((a, b) => ENCODINGS.indexOf(a) - ENCODINGS.indexOf(b))
  return copies
}

export function precompressedFiles(root: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const serve = express.static(root, options)
  const copies = copiesUnder(root)
  return (req, res, next) => {
    const encodings = copies.get(req.path)
    if (!encodings) return serve(req, res, next)
    res.vary('Accept-Encoding')
    // The smallest copy the browser accepts (browsers list gzip first with the same weight as br).
    const chosen = encodings.find((encoding) => req.acceptsEncodings(encoding) === encoding)
    if (!chosen) return serve(req, res, next)
    const originalUrl = req.url
    res.type(path.extname(req.path))
    res.setHeader('Content-Encoding', chosen)
    req.url = req.path + PRECOMPRESSED_SUFFIXES[chosen]
    serve(req, res, (error?: unknown) => {
      // Not served after all (a method static files refuse): the next handler sees the request as sent.
      req.url = originalUrl
      res.removeHeader('Content-Encoding')
      next(error)
    })
  }
}
