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
