import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openUpload, storeUpload } from '#app/catalogue/uploads.server'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { Order } from '#app/orders/order-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { hashPassword } from '#app/staff/password.server'
import { User } from '#app/staff/user-model.server'
import { setupTestDatabase, testServerUri, uniqueDatabaseUri } from '#tests/support/database'
import { noisyPngImage } from '#tests/support/images'

const { MongoClient } = mongoose.mongo
const { Int32, Double, Long, Binary, EJSON } = mongoose.mongo.BSON

const sourceUri = setupTestDatabase('backup_source')
const root = path.resolve(import.meta.dirname, '../..')
let workDir: string
let client: InstanceType<typeof MongoClient>
const targets: string[] = []

type Run = { code: number; stderr: string }

/** Runs one of the CLIs the way `npm run db:backup` does, with Node's type stripping. */
function runCli(script: 'db-backup' | 'db-restore', args: string[], mongodbUri?: string): Promise<Run> {
  return new Promise((resolve) => {
    const env = { ...process.env, MONGODB_URI: mongodbUri ?? '' }
    execFile(process.execPath, [path.join(root, 'scripts', `${script}.ts`), ...args], { env, cwd: root }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr })
    })
  })
}

function databaseName(uri: string) {
  return uri.slice(testServerUri().length)
}

function newTarget(label: string) {
  const uri = uniqueDatabaseUri(label)
  targets.push(databaseName(uri))
  return uri
}

/** Every collection of a database as text: its name, its indexes and its documents in _id order. */
async function snapshot(name: string) {
  const db = client.db(name)
  const collections = (await db.listCollections().toArray()).map((info) => info.name).filter((n) => !n.startsWith('system.'))
  const result: Record<string, { indexes: unknown[]; documents: string[] }> = {}
  for (const collection of collections.sort()) {
    const indexes = (await db.collection(collection).listIndexes().toArray())
      .map(({ name: indexName, key, unique, sparse }) => ({ name: indexName, key, unique: unique ?? false, sparse: sparse ?? false }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    const documents = (await db.collection(collection).find({}).sort({ _id: 1 }).toArray()).map((doc) =>
      EJSON.stringify(doc, { relaxed: false }),
    )
    result[collection] = { indexes, documents }
  }
  return result
}

let uploadPath: string
// Random pixels stay large when the upload is re-encoded: several GridFS chunks.
const image = noisyPngImage(400, 300)

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'backup-'))
  client = new MongoClient(testServerUri())
  await client.connect()

  await Contact.create([
    { name: 'Ada Example', email: 'ada@example.com', phone: '+1 404 555 0100', service: 'Managed IT', message: 'Please call me back.' },
    { name: 'Ben Example', email: 'ben@example.com', message: 'Line one\nline two, with "quotes" and ünïcödé ✓' },
  ])
  await Order.create({ name: 'Ada Example', email: 'ada@example.com', planId: 2, amount: 499, status: 'paid', appliedEventIds: ['evt_1'] })
  const conversation = await ChatConversation.create({ visitorId: 'visitor-backup-1', name: 'Ada', lastSeq: 2 })
  await ConversationMessage.create([
    { conversationId: conversation._id, seq: 1, from: 'visitor', text: 'Hello?' },
    { conversationId: conversation._id, seq: 2, from: 'staff', text: 'Hi Ada', staffName: 'Sam', replyDelivery: 'seen' },
  ])
  const staff = await User.create({
    username: 'sam',
    name: 'Sam Staff',
    role: 'owner',
    password: await hashPassword('a long enough password'),
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    totpEnabledAt: new Date(),
    totpLastStep: 58_000_000,
    recoveryCodeHashes: ['a'.repeat(64), 'b'.repeat(64)],
  })
  await AuditEvent.create({
    actorId: staff._id.toString(),
    actorUsername: 'sam',
    kind: 'totp',
    action: 'turned on two-step verification',
    addressKey: 'k1',
    requestId: 'r1',
  })
  // Upload bigger than one GridFS chunk (255 KiB), so files and several chunks are both copied.
  uploadPath = (await storeUpload(new File([new Uint8Array(image)], 'photo.png', { type: 'image/png' }), 'sam')).path
  // BSON types JSON can't tell apart, which a backup must keep as they were.
  await mongoose.connection.db!.collection('bsontypes').insertOne({
    int: new Int32(7),
    double: new Double(2),
    long: Long.fromString('9007199254740993'),
    date: new Date('2024-02-29T12:00:00.000Z'),
    bytes: new Binary(Buffer.from([0, 1, 2, 255])),
    nothing: null,
    nested: { list: [1, 'two', { three: 3.5 }] },
  })
})

afterAll(async () => {
  for (const name of targets) await client.db(name).dropDatabase()
  await client.close()
  await rm(workDir, { recursive: true, force: true })
})

describe('db:backup and db:restore', () => {
  let archive: string

  it('back up every collection to one compressed file readable only by its owner', async () => {
    archive = path.join(workDir, 'site.jsonl.gz')
    const run = await runCli('db-backup', ['--out', archive], sourceUri)
    expect(run.stderr).toMatch(/backed up \d+ collections \(\d+ documents\)/)
    expect(run.code).toBe(0)
    expect((await stat(archive)).mode & 0o777).toBe(0o600)
    const check = await runCli('db-restore', ['--check', archive])
    expect(check.code).toBe(0)
    expect(check.stderr).toMatch(/a complete backup of t_backup_source_\w+ made .*, \d+ collections, \d+ documents/)
  })

  it('restore into a new database gives every collection back, documents and indexes alike', async () => {
    const target = newTarget('backup_target')
    const run = await runCli('db-restore', [archive], target)
    expect(run.stderr).toMatch(/restored \d+ collections/)
    expect(run.code).toBe(0)

    const before = await snapshot(mongoose.connection.db!.databaseName)
    const after = await snapshot(databaseName(target))
    for (const name of [
      'contacts',
      'orders',
      'chatconversations',
      'conversationmessages',
      'users',
      'uploads.files',
      'uploads.chunks',
      'bsontypes',
    ]) {
      expect(before[name]?.documents.length, name).toBeGreaterThan(0)
    }
    expect(before['uploads.chunks']!.documents.length).toBeGreaterThan(1)
    expect(after).toEqual(before)

    // The upload reads back byte for byte from the restored database (the bytes stored, which are
    // the re-encoded image, not the file sent).
    const readUpload = async () => {
      const upload = await openUpload(uploadPath.slice('/uploads/'.length))
      return Buffer.from(await new Response(upload!.body).arrayBuffer())
    }
    const stored = await readUpload()
    await mongoose.disconnect()
    await mongoose.connect(target)
    try {
      expect((await readUpload()).equals(stored)).toBe(true)
    } finally {
      await mongoose.disconnect()
      await mongoose.connect(sourceUri)
    }
  })

  it('refuse a database that holds documents, and replace it only when told to', async () => {
    const target = newTarget('backup_occupied')
    await client
      .db(databaseName(target))
      .collection('contacts')
      .insertOne({ name: 'Someone else', email: 'x@example.com', message: 'keep me' })
    const refused = await runCli('db-restore', [archive], target)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/restore refused: the database is not empty \(contacts: 1\).*--replace/)
    expect(await client.db(databaseName(target)).collection('contacts').countDocuments()).toBe(1)

    const replaced = await runCli('db-restore', [archive, '--replace'], target)
    expect(replaced.code).toBe(0)
    expect(await snapshot(databaseName(target))).toEqual(await snapshot(mongoose.connection.db!.databaseName))
  })

  it('refuse a truncated archive or a file that is not one, before writing anything', async () => {
    const whole = await readFile(archive)
    const truncated = path.join(workDir, 'truncated.jsonl.gz')
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)))
    const notGzip = path.join(workDir, 'notes.txt')
    await writeFile(notGzip, 'just some text\n')
    const foreign = path.join(workDir, 'foreign.jsonl.gz')
    await writeFile(foreign, gzipSync('{"collection":"users","type":"collection","options":{},"indexes":[]}\n'))
    const cutShort = path.join(workDir, 'cut-short.jsonl.gz')
    const lines = gunzipSync(whole).toString().split('\n')
    await writeFile(cutShort, gzipSync(lines.slice(0, -3).join('\n') + '\n'))

    const target = newTarget('backup_refused')
    for (const [file, problem] of [
      [truncated, /truncated|not a complete gzip/],
      [notGzip, /not a complete gzip|not a backup/],
      [foreign, /not a backup made by db:backup/],
      [cutShort, /no final line|not closed/],
    ] as const) {
      const run = await runCli('db-restore', [file], target)
      expect(run.code, file).toBe(1)
      expect(run.stderr).toMatch(problem)
    }
    expect(await client.db(databaseName(target)).listCollections().toArray()).toEqual([])
  })

  it('explain a missing address or file and how to call them', async () => {
    const usage = await runCli('db-backup', [])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/usage: npm run db:backup -- --out/)
    const noAddress = await runCli('db-backup', ['--out', path.join(workDir, 'x.gz')])
    expect(noAddress.code).toBe(1)
    expect(noAddress.stderr).toMatch(/MONGODB_URI \(or MONGODB_URI_FILE\) is not set/)
    const missing = await runCli('db-restore', [path.join(workDir, 'absent.gz')], newTarget('backup_missing'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/ENOENT/)
  })
})
