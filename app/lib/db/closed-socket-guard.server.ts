import { createRequire } from 'node:module'
import mongoose from 'mongoose'

/** The driver's connection, as far as the guard needs it (mongodb/lib/cmap/connection.js). */
type DriverConnection = {
  id: number | '<monitor>'
  address: string
  socket: { destroyed: boolean }
  onError: (error: Error) => void
  writeCommand: (...args: unknown[]) => Promise<unknown>
}

let installed = false

/**
 * When the database drops every connection at once, the driver's monitor may send its next
 * `hello` on a socket that Node has already destroyed but whose 'close' event has not fired yet.
 * Node then neither writes nor emits 'error', and the driver waits for a 'drain' that never comes:
 * the monitor hangs, the server stays "Unknown", and every query fails server selection until the
 * process restarts (seen on mongodb 7.8 and 7.9). Failing such a write as a network error lets the
 * monitor open a new connection at its next check, as it does after any other network error.
 * Returns false when the driver's internals are not as expected (the guard is then not installed).
 */
export function guardWritesToClosedSockets(): boolean {
  if (installed) return true
  let prototype: DriverConnection | undefined
  try {
    const driver = createRequire(import.meta.url)('mongodb/lib/cmap/connection.js') as { Connection?: { prototype: DriverConnection } }
    prototype = driver.Connection?.prototype
  } catch {
    return false
  }
  if (!prototype || typeof prototype.writeCommand !== 'function' || typeof prototype.onError !== 'function') return false
  const writeCommand = prototype.writeCommand
  prototype.writeCommand = function (this: DriverConnection, ...args: unknown[]) {
    if (this.socket.destroyed) {
      const error = new mongoose.mongo.MongoNetworkError(`connection ${this.id} to ${this.address} closed before the write`)
      this.onError(error)
      return Promise.reject(error)
    }
    return writeCommand.apply(this, args)
  }
  installed = true
  return true
}
