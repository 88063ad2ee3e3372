import http from 'node:http'

/**
 * Posts with node:http and resolves with the status as soon as it arrives: the server answers an
 * oversized body early without reading it, which fetch reports as a socket error.
 */
export function postRaw(url: string, body: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the socket after answering; the status has been resolved by then.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error)
    })
    request.end(body)
  })
}

/**
 * Streams a large body of `bytes` (declared with Content-Length, or chunked without one) a 64 KB
 * chunk at a time, as fast as the server takes it, and resolves with the status as soon as an answer
 * arrives; the rest is then not sent. Memory in the test stays flat whatever the size.
 */
export function postLargeBody(
  url: string,
  { bytes, chunked, headers = {} }: { bytes: number; chunked: boolean; headers?: Record<string, string> },
) {
  return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    let answered = false
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(bytes) }),
          ...headers,
        },
      },
      (response) => {
        answered = true
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text: string) => (body += text))
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body, sentBytes: sent })
          request.destroy()
        })
        response.on('error', () => resolve({ status: response.statusCode ?? 0, body, sentBytes: sent }))
      },
    )
    request.on('error', (error) => {
      // The server closes the connection after answering; an error before any answer is a failure.
      if (!answered) reject(error)
    })
    const write = () => {
      while (!answered && sent < bytes && !request.destroyed) {
        const piece = sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent)
        sent += piece.length
        if (!request.write(piece)) return void request.once('drain', write)
      }
      if (!answered && !request.destroyed) request.end()
    }
    write()
  })
}
