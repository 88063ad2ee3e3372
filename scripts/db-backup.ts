// npm run db:backup -- --out <file>: every collection of the database at MONGODB_URI (or
// MONGODB_URI_FILE), GridFS uploads included, into one gzip archive. `--out -` writes to stdout.
import { parseArgs } from 'node:util'
import { ArchiveError, backupDatabase, connectFromEnvironment } from './db-archive.ts'

const USAGE = 'usage: npm run db:backup -- --out <file|-> [--database <name>]'

let options
try {
  options = parseArgs({ options: { out: { type: 'string' }, database: { type: 'string' }, help: { type: 'boolean' } } }).values
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
if (options.help || !options.out) {
  console.error(USAGE)
  process.exit(options.help ? 0 : 2)
}

const started = Date.now()
try {
  const { client, db } = await connectFromEnvironment(options.database)
  try {
    const summary = await backupDatabase(db, options.out === '-' ? process.stdout : options.out)
    console.error(
      `backed up ${summary.collections} collections (${summary.documents} documents) of ${db.databaseName}` +
        `${options.out === '-' ? '' : ` to ${options.out}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
  } finally {
    await client.close()
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof ArchiveError ? error.message : String(error)}`)
  process.exit(1)
}
