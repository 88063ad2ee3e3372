// The backup archive: one gzip stream of JSON lines, written and read through the MongoDB driver,
// so it works against MongoDB and FerretDB alike and needs no mongodump in the image.
//
//   {"format":"roswell-it-backup","version":1,"database":"…","createdAt":"…"}
//   {"collection":"contacts","type":"collection","options":{},"indexes":[…]}
//   {"doc":{…canonical Extended JSON…}}          one line per document
//   {"end":"contacts","count":12}
//   … every collection and view …
//   {"done":true,"collections":23,"documents":1234}
//
// Canonical Extended JSON keeps every BSON type (dates, ObjectIds, binary chunks, int vs double)
// exactly. Only node:, mongoose and relative imports: the image runs this with Node's type stripping.
import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import mongoose from 'mongoose'
import { readSecretFiles } from '../app/lib/config/secret-files.server.ts'

const { EJSON } = mongoose.mongo.BSON
type Db = mongoose.mongo.Db
type Document = mongoose.mongo.Document

export const ARCHIVE_FORMAT = 'roswell-it-backup'
export const ARCHIVE_VERSION = 1
/** A document is at most 16 MiB of BSON; as Extended JSON (base64 binary) it stays well under this. */
export const MAX_LINE_BYTES = 48 * 1024 * 1024
const CURSOR_BATCH = 500
const DOC_PREFIX = '{"doc":'
const INSERT_BATCH_DOCUMENTS = 1000
const INSERT_BATCH_CHARACTERS = 8 * 1024 * 1024

export type BackupSummary = { collections: number; documents: number }

type CollectionLine = { collection: string; type: 'collection' | 'view'; options: Document; indexes: Document[] }

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ArchiveError'
  }
}

/** Collections and views to copy: everything but MongoDB's own `system.*`. */
async function listUserCollections(db: Db) {
  const all = await db.listCollections({}, { nameOnly: false }).toArray()
  return all
    .filter((info) => !info.name.startsWith('system.'))
    .map((info) => ({
      name: info.name,
      type: info.type === 'view' ? ('view' as const) : ('collection' as const),
      options: info.options ?? {},
    }))
}

/**
 * The order to copy them in: collections by name, except that a GridFS bucket's `.files` comes
 * before its `.chunks` (a file's chunks are written before its entry, so every file the backup lists
 * has all its chunks even when an upload lands mid-backup); views last, once their sources exist.
 */
export function backupOrder<T extends { name: string; type: 'collection' | 'view' }>(collections: T[]): T[] {
  const key = (entry: T) => [entry.type === 'view' ? 1 : 0, entry.name.replace(/\.files$/, '.a').replace(/\.chunks$/, '.b')] as const
  return [...collections].sort((a, b) => {
    const [typeA, nameA] = key(a)
    const [typeB, nameB] = key(b)
    return typeA - typeB || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0)
  })
}

async function* archiveLines(db: Db, summary: BackupSummary): AsyncGenerator<string> {
  yield json({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, database: db.databaseName, createdAt: new Date().toISOString() })
  for (const entry of backupOrder(await listUserCollections(db))) {
    const collection = db.collection(entry.name)
    const indexes = entry.type === 'view' ? [] : (await collection.listIndexes().toArray()).map(indexSpec)
    const header: CollectionLine = { collection: entry.name, type: entry.type, options: entry.options, indexes }
    yield json(header)
    let count = 0
    if (entry.type === 'collection') {
      for await (const doc of collection.find({}, { batchSize: CURSOR_BATCH, sort: { _id: 1 } })) {
        yield `${DOC_PREFIX}${EJSON.stringify(doc, { relaxed: false })}}\n`
        count += 1
      }
    }
    yield json({ end: entry.name, count })
    summary.collections += 1
    summary.documents += count
  }
  yield json({ done: true, ...summary })
}

/** Control lines in relaxed Extended JSON: counts read back as numbers, index filters keep their types. */
function json(value: unknown) {
  return `${EJSON.stringify(value, { relaxed: true })}\n`
}

/** What createIndexes needs to make the index again (the server adds `v` and `ns` itself). */
function indexSpec(index: Document): Document {
  const { v: _v, ns: _ns, ...spec } = index
  return spec
}

/**
 * Writes every collection of `db` (GridFS buckets included: they are collections) to `out`, a
 * file path or a stream. A file is written beside its final name and renamed when complete, so a
 * failed backup never leaves something that looks like an archive.
 */
export async function backupDatabase(db: Db, out: string | Writable): Promise<BackupSummary> {
  const summary: BackupSummary = { collections: 0, documents: 0 }
  const lines = Readable.from(archiveLines(db, summary))
  if (typeof out !== 'string') {
    await pipeline(lines, createGzip(), out, { end: false })
    return summary
  }
  const partial = `${out}.partial`
  try {
    await pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }))
    await rename(partial, out)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return summary
}

/** The archive's lines, parsed, with a bound on each line's length. */
async function* readArchive(source: () => Readable): AsyncGenerator<Document> {
  const input = source()
  const gunzip = createGunzip()
  input.once('error', (error) => gunzip.destroy(error))
  input.pipe(gunzip)
  let pending: Buffer[] = []
  let pendingBytes = 0
  let lineNumber = 0
  const parse = (bytes: Buffer) => {
    lineNumber += 1
    const text = bytes.toString('utf8')
    try {
      // Documents are canonical, so an int stays an int and a double a double.
      return EJSON.parse(text, { relaxed: !text.startsWith(DOC_PREFIX) }) as Document
    } catch {
      throw new ArchiveError(`line ${lineNumber} is not valid Extended JSON`)
    }
  }
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0
      let newline: number
      while ((newline = chunk.indexOf(10, start)) !== -1) {
        const piece = chunk.subarray(start, newline)
        const line = pendingBytes === 0 ? piece : Buffer.concat([...pending, piece])
        pending = []
        pendingBytes = 0
        start = newline + 1
        if (line.length > MAX_LINE_BYTES) throw new ArchiveError(`line ${lineNumber + 1} is longer than ${MAX_LINE_BYTES} bytes`)
        yield parse(line)
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start))
        pendingBytes += chunk.length - start
        if (pendingBytes > MAX_LINE_BYTES) throw new ArchiveError(`line ${lineNumber + 1} is longer than ${MAX_LINE_BYTES} bytes`)
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR')
      throw new ArchiveError('the archive is not a complete gzip file (truncated or not a backup)')
    throw error
  } finally {
    input.destroy()
  }
  if (pendingBytes > 0) throw new ArchiveError('the archive ends in the middle of a line (truncated)')
}

const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,120}$/

type ArchiveEvent =
  | { kind: 'collection'; line: CollectionLine }
  | { kind: 'documents'; collection: string; docs: Document[] }
  | { kind: 'end'; collection: string; count: number }

/**
 * Walks an archive checking its shape (header, every collection closed with the right count, the
 * final line present), yielding what to restore in batches. A truncated or foreign file fails with
 * an ArchiveError naming the problem.
 */
async function* archiveEvents(
  source: () => Readable,
): AsyncGenerator<ArchiveEvent, BackupSummary & { createdAt: string; database: string }> {
  const lines = readArchive(source)
  const first = await lines.next()
  const header = first.done ? undefined : first.value
  if (header?.format !== ARCHIVE_FORMAT) throw new ArchiveError('not a backup made by db:backup (no header line)')
  if (header.version !== ARCHIVE_VERSION)
    throw new ArchiveError(`archive version ${String(header.version)} is not supported (expected ${ARCHIVE_VERSION})`)
  let open: { name: string; count: number } | undefined
  let batch: Document[] = []
  let batchCharacters = 0
  const seen = new Set<string>()
  const summary = { collections: 0, documents: 0 }
  for await (const line of lines) {
    if ('doc' in line) {
      if (!open || typeof line.doc !== 'object' || line.doc === null) throw new ArchiveError('a document outside a collection')
      batch.push(line.doc as Document)
      open.count += 1
      // A rough size: each document's field count is cheap, its exact BSON size is not needed.
      batchCharacters += JSON.stringify(line.doc).length
      if (batch.length >= INSERT_BATCH_DOCUMENTS || batchCharacters >= INSERT_BATCH_CHARACTERS) {
        yield { kind: 'documents', collection: open.name, docs: batch }
        batch = []
        batchCharacters = 0
      }
    } else if ('collection' in line) {
      if (open) throw new ArchiveError(`collection ${open.name} is not closed before ${String(line.collection)}`)
      const name = line.collection
      if (typeof name !== 'string' || !NAME_PATTERN.test(name) || name.startsWith('system.'))
        throw new ArchiveError(`bad collection name ${JSON.stringify(name)}`)
      if (seen.has(name)) throw new ArchiveError(`collection ${name} appears twice`)
      if (line.type !== 'collection' && line.type !== 'view') throw new ArchiveError(`collection ${name} has an unknown type`)
      if (!Array.isArray(line.indexes) || typeof line.options !== 'object') throw new ArchiveError(`collection ${name} has a bad header`)
      seen.add(name)
      open = { name, count: 0 }
      yield { kind: 'collection', line: line as CollectionLine }
    } else if ('end' in line) {
      if (!open || line.end !== open.name) throw new ArchiveError(`an end line for ${String(line.end)} that is not open`)
      if (batch.length > 0) yield { kind: 'documents', collection: open.name, docs: batch }
      batch = []
      batchCharacters = 0
      if (line.count !== open.count)
        throw new ArchiveError(`collection ${open.name} holds ${open.count} documents, its end line says ${String(line.count)}`)
      yield { kind: 'end', collection: open.name, count: open.count }
      summary.collections += 1
      summary.documents += open.count
      open = undefined
    } else if ('done' in line) {
      if (open) throw new ArchiveError(`collection ${open.name} is not closed`)
      if (line.collections !== summary.collections || line.documents !== summary.documents) {
        throw new ArchiveError('the totals on the last line do not match the archive')
      }
      if (!(await lines.next()).done) throw new ArchiveError('lines after the last one')
      return { ...summary, createdAt: String(header.createdAt), database: String(header.database) }
    } else {
      throw new ArchiveError('a line of unknown kind')
    }
  }
  throw new ArchiveError('the archive has no final line (truncated)')
}

export type ArchiveSource = string | (() => Readable)

function opener(source: ArchiveSource): () => Readable {
  return typeof source === 'string' ? () => createReadStream(source) : source
}

/** Reads the whole archive without touching a database: what it holds, or why it is unusable. */
export async function checkArchive(source: ArchiveSource) {
  const events = archiveEvents(opener(source))
  for (;;) {
    const step = await events.next()
    if (step.done) return step.value
  }
}

export class TargetNotEmptyError extends Error {
  readonly collections: { name: string; documents: number }[]
  constructor(collections: { name: string; documents: number }[]) {
    super(
      `the database is not empty (${collections.map((c) => `${c.name}: ${c.documents}`).join(', ')}); ` +
        'restore into an empty database, or pass --replace to drop its collections first',
    )
    this.name = 'TargetNotEmptyError'
    this.collections = collections
  }
}

/** Collections of `db` holding at least one document (views and empty collections don't count). */
export async function nonEmptyCollections(db: Db) {
  const found: { name: string; documents: number }[] = []
  for (const entry of await listUserCollections(db)) {
    if (entry.type !== 'collection') continue
    const documents = await db.collection(entry.name).countDocuments({})
    if (documents > 0) found.push({ name: entry.name, documents })
  }
  return found
}

/**
 * Restores an archive into `db`. The archive is read through once first, so a damaged file is
 * refused before anything is written. A database holding documents is refused unless `replace`,
 * which drops every collection first; empty collections (a freshly started site) are dropped too,
 * so the result is exactly the backup, indexes included.
 */
export async function restoreDatabase(db: Db, source: ArchiveSource, { replace = false } = {}): Promise<BackupSummary> {
  const open = opener(source)
  await checkArchive(open)
  const occupied = await nonEmptyCollections(db)
  if (occupied.length > 0 && !replace) throw new TargetNotEmptyError(occupied)
  // Views first: dropping a view's source leaves the view behind.
  for (const entry of backupOrder(await listUserCollections(db)).reverse()) await db.dropCollection(entry.name)

  const events = archiveEvents(open)
  let indexes: Document[] = []
  for (;;) {
    const step = await events.next()
    if (step.done) return { collections: step.value.collections, documents: step.value.documents }
    const event = step.value
    if (event.kind === 'collection') {
      const { collection, options } = event.line
      await db.createCollection(collection, options)
      indexes = event.line.indexes.filter((index) => index.name !== '_id_')
    } else if (event.kind === 'documents') {
      await db.collection(event.collection).insertMany(event.docs, { ordered: true })
    } else if (indexes.length > 0) {
      // After the documents: one pass to build each index rather than an update per insert.
      await db.command({ createIndexes: event.collection, indexes })
      indexes = []
    }
  }
}

/**
 * A client for MONGODB_URI (or the file MONGODB_URI_FILE names) and the database to use: `name`,
 * else the one in the address.
 */
export async function connectFromEnvironment(name: string | undefined, env: Record<string, string | undefined> = process.env) {
  const { values, problems } = readSecretFiles(env)
  const uri = env.MONGODB_URI?.trim() || values.MONGODB_URI
  if (problems.length > 0) throw new ArchiveError(problems.join('; '))
  if (!uri) throw new ArchiveError('MONGODB_URI (or MONGODB_URI_FILE) is not set')
  if (name !== undefined && !/^[A-Za-z0-9_-]{1,63}$/.test(name)) throw new ArchiveError(`bad database name ${JSON.stringify(name)}`)
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: 10_000 })
  await client.connect()
  return { client, db: client.db(name) }
}
