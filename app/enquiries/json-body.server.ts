import { jsonError } from '#app/http/responses.server'

/**
 * Reads a JSON request body with a size limit. Throws a ready JSON Response: 415 for another
 * content type, 413 for a body over `maxBytes` (declared or actual: chunked bodies have no length),
 * 400 for text that is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) throw jsonError(415, 'Send the request body as JSON (Content-Type: application/json).')
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > maxBytes) throw jsonError(413, `The request body is too large (at most ${maxBytes / 1024} KB).`)
  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    const reader = request.body.getReader()
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw jsonError(413, `The request body is too large (at most ${maxBytes / 1024} KB).`)
      }
      chunks.push(value)
    }
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw jsonError(400, 'The request body is not valid JSON.')
  }
}
