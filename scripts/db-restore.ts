// npm run db:restore -- <file>: restores a db:backup archive into the database at MONGODB_URI (or
// MONGODB_URI_FILE). A database holding documents is refused unless --replace; --check only reads
// the archive and says what it holds.
import { parseArgs } from 'node:util'
import { ArchiveError, checkArchive, connectFromEnvironment, restoreDatabase, TargetNotEmptyError } from './db-archive.ts'

const USAGE = 'usage: npm run db:restore -- <file> [--replace] [--database <name>] [--check]'

let parsed
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean' }, database: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean' } },
  })
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
const { values: options, positionals } = parsed
if (options.help || positionals.length !== 1) {
  console.error(USAGE)
  process.exit(options.help ? 0 : 2)
}
const file = positionals[0]!

const started = Date.now()
try {
  if (options.check) {
    const archive = await checkArchive(file)
    console.error(
      `${file}: a complete backup of ${archive.database} made ${archive.createdAt}, ` +
        `${archive.collections} collections, ${archive.documents} documents`,
    )
  } else {
    const { client, db } = await connectFromEnvironment(options.database)
    try {
      const summary = await restoreDatabase(db, file, { replace: options.replace })
      console.error(
        `restored ${summary.collections} collections (${summary.documents} documents) into ${db.databaseName} ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
    } finally {
      await client.close()
    }
  }
} catch (error) {
  const known = error instanceof ArchiveError || error instanceof TargetNotEmptyError
  console.error(
    known
      ? `restore refused: ${error.message}`
      : `restore failed: ${String(error)}\nthe database may hold part of the archive: fix the cause and run again with --replace`,
  )
  process.exit(1)
}
