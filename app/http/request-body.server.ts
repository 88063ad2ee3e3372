import { badRequest, jsonError } from '#app/http/responses.server'

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body over ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

// An oversized body up to this size is read and thrown away before the answer, so the client gets a
// clean 413 instead of a reset connection; anything bigger is cut off.
const DRAIN_LIMIT_BYTES = 1024 * 1024

/**
 * Reads a request body, keeping at most `maxBytes` (declared or actual: chunked bodies have no
 * length), so an oversized post never sits in memory whole.
 */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  const chunks: Uint8Array[] = []
  let size = 0
  let tooLarge = declared > maxBytes
  if (request.body && declared <= DRAIN_LIMIT_BYTES) {
    const reader = request.body.getReader()
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) tooLarge = true
      if (size > DRAIN_LIMIT_BYTES) {
        await reader.cancel()
        break
      }
      if (!tooLarge) chunks.push(value)
    }
  }
  if (tooLarge) throw new BodyTooLargeError(maxBytes)
  return Buffer.concat(chunks)
}

/** A form post's fields, read with the size limit (URL-encoded or multipart alike). */
export async function readFormWithLimit(request: Request, maxBytes: number): Promise<FormData> {
  const body = await readBodyWithLimit(request, maxBytes)
  return new Request(request.url, { method: 'POST', headers: request.headers, body: new Uint8Array(body) }).formData()
}

/**
 * Reads a JSON request body with a size limit. Throws a ready JSON Response: 415 for another
 * content type, 413 for a body over `maxBytes`, 400 for text that is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) throw jsonError(415, 'Send the request body as JSON (Content-Type: application/json).')
  let text: string
  try {
    text = Buffer.from(await readBodyWithLimit(request, maxBytes)).toString('utf8')
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw jsonError(413, `The request body is too large (at most ${maxBytes / 1024} KB).`)
    throw error
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest({ form: ['The request body is not valid JSON.'] })
  }
}
