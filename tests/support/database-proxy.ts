import net from 'node:net'

export type DatabaseProxy = {
  /** The database URI to give the app server instead of the real one. */
  uri: string
  /** From now on, any connection that sends a command naming one of these collections is cut. */
  sever: (collections: string[]) => void
  /** The database is gone: every open connection is cut and new ones are closed at once. */
  cutAll: () => void
  /** Lets every command through again. */
  restore: () => void
  stop: () => Promise<void>
}

/**
 * A TCP proxy between the app server and the database that can cut, for real, the connections
 * on which a command naming a given collection is sent. The driver then meets a genuine network
 * error (it retries the read once, on a new connection, which is cut too), as when the database
 * drops away in the middle of a page's queries, while commands on other collections (the staff
 * session lookup, say) still get through.
 */
export async function startDatabaseProxy(databaseUri: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUri)
  let needles: Buffer[] = []
  let down = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    if (down) return void client.destroy()
    const upstream = net.connect(Number(target.port), target.hostname)
    sockets.add(client).add(upstream)
    const close = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    // The end of the previous chunk, so a name split across two chunks is still seen.
    let tail = Buffer.alloc(0)
    client.on('data', (chunk: Buffer) => {
      const seen = Buffer.concat([tail, chunk])
      if (needles.some((needle) => seen.includes(needle))) return close()
      tail = seen.subarray(Math.max(0, seen.length - 64))
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    for (const socket of [client, upstream]) {
      socket.on('close', close)
      socket.on('error', close)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxied = new URL(databaseUri)
  proxied.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`
  return {
    uri: proxied.toString(),
    // A collection name travels as a BSON string value, ended by a NUL byte.
    sever: (collections) => (needles = collections.map((name) => Buffer.from(`${name}\0`))),
    cutAll: () => {
      down = true
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    },
    restore: () => {
      needles = []
      down = false
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
