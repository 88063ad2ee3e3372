import { describeBytes } from '#app/lib/http/body-limits'
import { badRequest, jsonError } from '#app/lib/http/responses.server'

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body over ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * Reads a request body, keeping at most `maxBytes` (declared or actual: chunked bodies have no
 * length), so an oversized post never sits in memory whole. The limits are those of the guard in
 * front of React Router (http/body-limits.ts), which has already answered 413 and closed the
 * connection when a body goes over; reading simply stops.
 */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw new BodyTooLargeError(maxBytes)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    size += value.byteLength
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes)
    chunks.push(value)
  }
}

/**
 * A form post's fields, read with the size limit (URL-encoded or multipart alike). A body that is not
 * a form at all (another content type, broken multipart) reads as an empty form, which the route's
 * validation then refuses with its own messages.
 */
export async function readFormWithLimit(request: Request, maxBytes: number): Promise<FormData> {
  const body = await readBodyWithLimit(request, maxBytes)
  return new Request(request.url, { method: 'POST', headers: request.headers, body: new Uint8Array(body) })
    .formData()
    .catch(() => new FormData())
}

export function tooLargeMessage(maxBytes: number) {
  return `The request body is too large (at most ${describeBytes(maxBytes)}).`
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
    if (error instanceof BodyTooLargeError) throw jsonError(413, tooLargeMessage(maxBytes))
    throw error
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest({ form: ['The request body is not valid JSON.'] })
  }
}
