import { randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { afterAll, beforeAll } from 'vitest'
import { connectToDatabase, disconnectFromDatabase, ensureIndexes } from '#app/lib/db/connection.server'
import '#app/server/all-models.server'

/** The address of the local test database server (set by scripts/with-services.mjs). */
export function testServerUri() {
  const uri = process.env.MONGODB_URI
  if (!uri) throw new Error('MONGODB_URI is unset: run integration tests through `npm test` or `npm run test:integration`')
  return uri.endsWith('/') ? uri : `${uri}/`
}

/** A database name of its own for one test file, so files never see each other's data. */
export function uniqueDatabaseUri(label: string) {
  const name = `t_${label.replace(/[^a-z0-9]/gi, '_').slice(0, 24)}_${randomBytes(4).toString('hex')}`
  return `${testServerUri()}${name}`
}

/**
 * Connects this test file to its own database (indexes created) and drops it afterwards.
 * Returns the URI, for servers the file starts against the same database.
 */
export function setupTestDatabase(label: string) {
  const uri = uniqueDatabaseUri(label)
  beforeAll(async () => {
    await connectToDatabase(uri)
    await ensureIndexes()
  })
  afterAll(async () => {
    await mongoose.connection.db?.dropDatabase()
    await disconnectFromDatabase()
  })
  return uri
}
