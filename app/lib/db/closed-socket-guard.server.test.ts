import { createRequire } from 'node:module'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardWritesToClosedSockets } from './closed-socket-guard.server'

// The driver's own connection class, on a socket of a local server that never answers.
const require = createRequire(import.meta.url)
type Connection = { closed: boolean; command: (ns: unknown, command: object, options: object) => Promise<unknown> }
const { Connection } = require('mongodb/lib/cmap/connection.js') as {
  Connection: new (socket: net.Socket, options: object) => Connection
}
const { ns } = require('mongodb/lib/utils.js') as { ns: (namespace: string) => unknown }

let server: net.Server
beforeAll(async () => {
  server = net.createServer(() => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A hello sent on a connection whose socket Node has destroyed but whose 'close' has not fired yet. */
async function helloOnDestroyedSocket() {
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  const connection = new Connection(socket, { id: '<monitor>', generation: 0, hostAddress: { toString: () => 'test' } })
  socket.destroy()
  const outcome = await Promise.race([
    connection.command(ns('admin.$cmd'), { hello: 1 }, {}).then(
      () => 'answered',
      (error: Error) => `${error.name}: ${error.message}`,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 500)),
  ])
  return { outcome, closed: connection.closed }
}

describe('a write to a socket already destroyed', () => {
  it('waits for ever in the driver as installed (remove the guard once this fails)', async () => {
    expect((await helloOnDestroyedSocket()).outcome).toBe('still waiting')
  })

  it('fails at once as a network error once guarded, and closes the connection', async () => {
    expect(guardWritesToClosedSockets()).toBe(true)
    const { outcome, closed } = await helloOnDestroyedSocket()
    expect(outcome).toMatch(/^MongoNetworkError: connection <monitor> to .* closed before the write$/)
    expect(closed).toBe(true)
  })
})
