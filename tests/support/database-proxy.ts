import net from 'node:net'

export type DatabaseProxy = {
  /** The database URI to give the app server instead of the real one. */
  uri: string
  /** From now on, any connection that sends a command naming one of these collections (or any other of these string values) is cut. */
  sever: (collections: string[]) => void
  /**
   * The first command carrying this string value is held, never sent on, and its connection stays
   * open: the caller waits for ever. Resolves when that command arrives.
   */
  stall: (value: string) => Promise<void>
  /** The first command carrying this string value is lost and the database is gone from then on (as cutAll). */
  dropAllOn: (value: string) => void
  /** The database is gone: every open connection is cut and new ones are closed at once. */
  cutAll: () => void
  /** From now on, counts the commands carrying this string value (a collection's name, say); the function reads the count. */
  count: (value: string) => () => number
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
  let stallNeedle: Buffer | null = null
  let onStalled = () => {}
  let dropNeedle: Buffer | null = null
  let down = false
  const counters: { needle: Buffer; seen: number }[] = []
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
    let stalled = false
    client.on('data', (chunk: Buffer) => {
      if (stalled) return
      const seen = Buffer.concat([tail, chunk])
      if (needles.some((needle) => seen.includes(needle))) return close()
      if (stallNeedle && seen.includes(stallNeedle)) {
        stallNeedle = null
        stalled = true
        return onStalled()
      }
      if (dropNeedle && seen.includes(dropNeedle)) {
        dropNeedle = null
        return cutAll()
      }
      // A command is one chunk here: the driver writes each whole, and these are small.
      for (const counter of counters) if (chunk.includes(counter.needle)) counter.seen += 1
      tail = seen.subarray(Math.max(0, seen.length - 64))
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    for (const socket of [client, upstream]) {
      socket.on('close', close)
      socket.on('error', close)
    }
  })
  function cutAll() {
    down = true
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxied = new URL(databaseUri)
  proxied.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`
  return {
    uri: proxied.toString(),
    // A collection name travels as a BSON string value, ended by a NUL byte.
    sever: (collections) => (needles = collections.map((name) => Buffer.from(`${name}\0`))),
    stall: (value) =>
      new Promise<void>((resolve) => {
        stallNeedle = Buffer.from(`${value}\0`)
        onStalled = resolve
      }),
    dropAllOn: (value) => (dropNeedle = Buffer.from(`${value}\0`)),
    count: (value) => {
      const counter = { needle: Buffer.from(`${value}\0`), seen: 0 }
      counters.push(counter)
      return () => counter.seen
    },
    cutAll,
    restore: () => {
      needles = []
      stallNeedle = null
      dropNeedle = null
      down = false
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
