import mongoose from 'mongoose'
import { log } from '#app/lib/observability/logger.server'
import { guardWritesToClosedSockets } from './closed-socket-guard.server'

// mongoose keeps one connection per process; the driver reconnects by itself when the database
// comes back, so a restart is never needed after an outage.
mongoose.set('strictQuery', true)
// Fail fast instead of queueing commands while disconnected: a visitor gets a 503 in seconds.
mongoose.set('bufferCommands', false)
// Models are defined at import time, before a connection exists: indexes are created explicitly
// by ensureIndexes() once connected, instead of by mongoose's automatic init.
mongoose.set('autoIndex', false)
mongoose.set('autoCreate', false)

/** How long a command waits for a reachable database before failing (DATABASE_WAIT_MS in a server). */
export const DEFAULT_DATABASE_WAIT_MS = 3000

export async function connectToDatabase(uri: string, { waitMs = DEFAULT_DATABASE_WAIT_MS }: { waitMs?: number } = {}) {
  if (mongoose.connection.readyState === 1) return mongoose.connection
  if (!guardWritesToClosedSockets())
    log.warn('mongodb driver internals changed: a database outage may leave this process unable to reconnect')
  await mongoose.connect(uri, {
    serverSelectionTimeoutMS: waitMs,
    heartbeatFrequencyMS: 2000,
    maxPoolSize: 20,
  })
  return mongoose.connection
}

/** Creates every registered model's indexes (idempotent); run at start-up and by tests. */
export async function ensureIndexes() {
  for (const model of Object.values(mongoose.models)) await model.createIndexes()
}

export async function disconnectFromDatabase() {
  await mongoose.disconnect()
}

/** Round-trips a ping to the database; throws when it cannot be reached. */
export async function pingDatabase(timeoutMs = 2000) {
  const db = mongoose.connection.db
  if (!db || mongoose.connection.readyState !== 1) throw new DatabaseUnavailableError('not connected')
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([db.admin().ping(), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export class DatabaseUnavailableError extends Error {
  constructor(reason: string) {
    super(`database unavailable: ${reason}`)
    this.name = 'DatabaseUnavailableError'
  }
}

const UNAVAILABLE_ERROR_NAMES = new Set([
  'DatabaseUnavailableError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
])

/** True for errors that mean "the database can't be reached right now" (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (UNAVAILABLE_ERROR_NAMES.has(error.name)) return true
  // mongoose with bufferCommands off throws a plain MongooseError while disconnected.
  return error.name === 'MongooseError' && /before initial connection|not connected|client was closed/i.test(error.message)
}

/** True for MongoDB's duplicate-key error: an insert lost to another with the same unique key. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
}
