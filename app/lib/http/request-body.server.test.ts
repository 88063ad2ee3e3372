import { describe, expect, it } from 'vitest'
import { readJsonBody } from './request-body.server'

function post(body: BodyInit, headers: Record<string, string>) {
  return new Request('http://localhost/api/x', { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
}

async function refusal(request: Request, maxBytes = 1024) {
  const thrown = await readJsonBody(request, maxBytes).then(
    () => null,
    (error: unknown) => error,
  )
  if (!(thrown instanceof Response)) throw new Error('expected a Response to be thrown')
  return { status: thrown.status, message: ((await thrown.json()) as { message: string }).message }
}

/** A body without a declared length, in several chunks, as a chunked upload arrives. */
function chunked(text: string, chunkSize: number) {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.slice(i, i + chunkSize))
      controller.close()
    },
  })
}

describe('readJsonBody', () => {
  it('parses JSON declared as such, with or without a charset', async () => {
    expect(await readJsonBody(post('{"a":1}', { 'Content-Type': 'application/json' }), 1024)).toEqual({ a: 1 })
    expect(await readJsonBody(post('["é"]', { 'Content-Type': 'Application/JSON; charset=utf-8' }), 1024)).toEqual(['é'])
  })

  it('refuses another content type with 415, before reading', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp']) {
      expect(await refusal(post('{"a":1}', { 'Content-Type': type }))).toEqual({
        status: 415,
        message: 'Send the request body as JSON (Content-Type: application/json).',
      })
    }
  })

  it('refuses a body over the limit with 413, whether its length is declared or not', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(2000) })
    const tooLarge = { status: 413, message: 'The request body is too large (at most 1 KB).' }
    expect(await refusal(post(big, { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }))).toEqual(tooLarge)
    expect(await refusal(post(chunked(big, 100), { 'Content-Type': 'application/json' }))).toEqual(tooLarge)
    const exactly = JSON.stringify({ text: 'x'.repeat(1024 - 11) })
    expect(exactly.length).toBe(1024)
    expect(await readJsonBody(post(chunked(exactly, 100), { 'Content-Type': 'application/json' }), 1024)).toEqual({
      text: 'x'.repeat(1013),
    })
  })

  it('refuses text that is not JSON with 400', async () => {
    expect(await refusal(post('{"a":', { 'Content-Type': 'application/json' }))).toEqual({
      status: 400,
      message: 'The request body is not valid JSON.',
    })
  })
})
