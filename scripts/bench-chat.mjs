// Live chat benchmark: how many event streams one production server process holds, what
// each costs in memory, and how fast a staff reply reaches its visitor while they are all open.
// Run through `npm run bench:chat`, which provides MONGODB_URI (scripts/with-database.mjs); a
// scratch database is used and dropped afterwards. Traffic goes to 127.0.0.1 only.
//
//   npm run bench:chat                 builds, starts the server, measures, stops it
//   npm run bench:chat -- --no-build   reuses the existing build/
//
// 1. BENCH_STREAMS visitors (1,000), each with a conversation (written into the database) and its
//    signed cookie, open GET /api/chat/events, each from an address of its own (as behind a load
//    balancer, so the per-address cap applies as in production); the script waits for every
//    stream's first event.
// 2. The server's resident memory after a full garbage collection (V8 inspector), before and after
//    the streams are open: the difference per stream.
// 3. Staff send BENCH_REPLIES replies (200) to random conversations, BENCH_CONCURRENCY (8) at a time;
//    each reply's latency is from the moment its POST leaves to the moment its visitor's stream
//    delivers it. p50, p99 and the worst are printed.
// The whole run is bounded by BENCH_TIMEOUT seconds (900). It prints figures and fails only when
// something is broken (a stream that does not open, a reply that never arrives).
//
// Env: BENCH_PORT (4500), BENCH_STREAMS, BENCH_REPLIES, BENCH_CONCURRENCY, BENCH_TIMEOUT,
// BENCH_SERVER_ENTRY (default server.ts: one process, whose memory per stream is the figure;
// cluster.ts spreads streams over two workers, so about half the replies reach their visitor
// through another instance's poll of the database; memory is then not printed).
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { URLSearchParams } from 'node:url'
import { performance } from 'node:perf_hooks'
import mongoose from 'mongoose'
import { createCookie } from 'react-router'

const projectRoot = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.BENCH_PORT ?? 4500)
const origin = `http://127.0.0.1:${port}`
// A process holds at most MAX_STREAMS_PER_PROCESS (1,000, app/chat/stream-slots.server.ts) and
// refuses the next with 429.
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000)
const replyCount = Number(process.env.BENCH_REPLIES ?? 200)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8)
const timeoutSeconds = Number(process.env.BENCH_TIMEOUT ?? 900)
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? 'server.ts'
// The inspector reaches the process started here: under cluster.ts that is the primary, which holds no stream.
const servesInOneProcess = path.basename(serverEntry) !== 'cluster.ts'
const sessionSecret = randomBytes(32).toString('base64url')
const STAFF = { username: 'bench-owner', password: 'a long benchmark passphrase for staff' }

if (!process.env.MONGODB_URI) {
  console.error('MONGODB_URI is unset: run this through `npm run bench:chat`.')
  process.exit(2)
}
const scratchUri = new URL(process.env.MONGODB_URI)
scratchUri.pathname = `/bench_chat_${randomBytes(3).toString('hex')}`

const deadline = setTimeout(() => {
  console.error(`bench:chat did not finish within ${timeoutSeconds} s`)
  server?.kill('SIGKILL')
  process.exit(1)
}, timeoutSeconds * 1000)
deadline.unref()

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** As app/chat/conversations.server.ts derives a conversation's _id from its visitor id. */
const conversationIdFor = (visitorId) => new mongoose.Types.ObjectId(createHash('sha256').update(visitorId).digest().subarray(0, 12))

/** A test address per visitor: the server trusts one proxy and counts limits per address. */
const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) + 1}`

let output = ''
const server = spawn(process.execPath, ['--inspect=127.0.0.1:0', serverEntry], {
  cwd: projectRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: origin,
    MONGODB_URI: scratchUri.toString(),
    TRUST_PROXY: '1',
    SUPPORT_HOURS: 'always',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: STAFF.username,
    ADMIN_PASSWORD: STAFF.password,
    SESSION_SECRET: sessionSecret,
    SHUTDOWN_DRAIN_MS: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
server.stdout.on('data', (chunk) => (output += chunk))
server.stderr.on('data', (chunk) => (output += chunk))

async function stopServer() {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not start:\n${output}`)
}

/** Resident memory in MB after two full collections (through the V8 inspector), from /proc. */
async function retainedMemoryMb() {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1]
  const socket = new globalThis.WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let id = 0
  const call = (method) =>
    new Promise((resolve) => {
      const mine = ++id
      const onMessage = (event) => {
        const message = JSON.parse(String(event.data))
        if (message.id !== mine) return
        socket.removeEventListener('message', onMessage)
        resolve(message.result)
      }
      socket.addEventListener('message', onMessage)
      socket.send(JSON.stringify({ id: mine, method }))
    })
  await call('HeapProfiler.enable')
  await call('HeapProfiler.collectGarbage')
  await call('HeapProfiler.collectGarbage')
  const heap = await call('Runtime.getHeapUsage')
  socket.close()
  await new Promise((resolve) => setTimeout(resolve, 300))
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1])
  return { rss: kb / 1024, heap: heap.usedSize / 1024 / 1024 }
}

async function inBatches(items, size, work) {
  const results = []
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))))
  return results
}

/** One visitor's event stream: resolves once its first event (`status`) has arrived. */
function openStream(visitor) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/chat/events`,
      { agent: false, headers: { Accept: 'text/event-stream', Cookie: visitor.cookie, 'X-Forwarded-For': visitor.address } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`))
        response.setEncoding('utf8')
        let buffer = ''
        response.on('data', (chunk) => {
          buffer += chunk
          let end
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const event = /^event: (.*)$/m.exec(block)?.[1]
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (event === 'status') resolve()
            if (event === 'message' && data) visitor.onMessage?.(JSON.parse(data), performance.now())
          }
        })
        response.on('error', () => undefined)
      },
    )
    request.on('error', reject)
    visitor.request = request
  })
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

try {
  await waitForServer()
  console.log(`bench:chat: ${serverEntry} on ${origin}, ${streamCount} streams, ${replyCount} replies`)

  // 1. Visitors, each with a conversation and a first message, written straight into the database
  //    (through HTTP each would cost the per-address rate limit and a Teams card), and the signed
  //    visitor cookie a browser would carry.
  let started = performance.now()
  await mongoose.connect(scratchUri.toString(), { serverSelectionTimeoutMS: 3000 })
  const db = mongoose.connection.db
  const visitorCookie = createCookie('en_chat_visitor', { path: '/', httpOnly: true, sameSite: 'lax', secrets: [sessionSecret] })
  const visitors = []
  for (let n = 0; n < streamCount; n++) {
    const visitorId = randomUUID()
    visitors.push({
      n,
      visitorId,
      address: addressOf(n),
      cookie: (await visitorCookie.serialize(visitorId)).split(';')[0],
      conversationId: conversationIdFor(visitorId),
    })
  }
  const now = new Date()
  for (let i = 0; i < visitors.length; i += 500) {
    const batch = visitors.slice(i, i + 500)
    await db.collection('chatconversations').insertMany(
      batch.map((visitor) => ({
        _id: visitor.conversationId,
        visitorId: visitor.visitorId,
        name: `Visitor ${visitor.n}`,
        email: `visitor${visitor.n}@example.com`,
        status: 'open',
        lastSeq: 1,
        staffReadSeq: 0,
        createdAt: now,
        updatedAt: now,
      })),
    )
    await db.collection('conversationmessages').insertMany(
      batch.map((visitor) => ({
        conversationId: visitor.conversationId,
        seq: 1,
        from: 'visitor',
        text: `Benchmark visitor ${visitor.n} needs help.`,
        at: now,
      })),
    )
  }
  console.log(`  ${streamCount} conversations written in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const before = await retainedMemoryMb()
  started = performance.now()
  await inBatches(visitors, 100, openStream)
  const openedIn = (performance.now() - started) / 1000
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = await retainedMemoryMb()
  console.log(`  ${streamCount} event streams open in ${openedIn.toFixed(1)} s`)
  if (servesInOneProcess) {
    console.log(
      `  server memory after full GC: RSS ${before.rss.toFixed(1)} → ${after.rss.toFixed(1)} MB, heap ${before.heap.toFixed(1)} → ${after.heap.toFixed(1)} MB`,
    )
    console.log(
      `  per open stream: ${(((after.rss - before.rss) * 1024) / streamCount).toFixed(1)} KB resident, ${(((after.heap - before.heap) * 1024) / streamCount).toFixed(1)} KB of JavaScript heap`,
    )
  }

  // 3. Replies while every stream is open.
  const signIn = await fetch(`${origin}/admin-login`, {
    method: 'POST',
    body: new URLSearchParams(STAFF),
    redirect: 'manual',
    headers: { 'X-Forwarded-For': '10.255.255.1' },
  })
  const staffCookie = signIn.headers
    .getSetCookie()
    .find((value) => value.startsWith('en_admin='))
    ?.split(';')[0]
  if (!staffCookie) throw new Error(`staff sign-in answered ${signIn.status}`)
  const targets = Array.from({ length: replyCount }, (_, i) => visitors[(i * 7919) % visitors.length])
  const latencies = await inBatches(targets, concurrency, async (visitor) => {
    const conversationId = String(visitor.conversationId)
    const text = `Reply ${randomBytes(6).toString('hex')}`
    const arrived = new Promise((resolve) => {
      visitor.onMessage = (message, at) => message.text === text && resolve(at)
    })
    const sentAt = performance.now()
    const response = await fetch(`${origin}/api/admin/chats/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staffCookie },
      body: JSON.stringify({ text }),
    })
    const answeredAt = performance.now()
    if (response.status !== 201) throw new Error(`a reply answered ${response.status}: ${await response.text()}`)
    const arrivedAt = await Promise.race([
      arrived,
      new Promise((_, reject) => setTimeout(() => reject(new Error('a reply never arrived')), 10_000)),
    ])
    return { delivery: arrivedAt - sentAt, answer: answeredAt - sentAt }
  })
  // The event is sent before the POST is answered (the instance hands its own messages out at once),
  // so delivery is mostly the time the server takes to save the reply; the answer time shows that.
  const report = (label, values) => {
    values.sort((a, b) => a - b)
    console.log(
      `  ${label}, ${values.length} replies ${concurrency} at a time: p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${values.at(-1).toFixed(0)} ms`,
    )
  }
  report(
    'reply delivery (POST sent → event received)',
    latencies.map(({ delivery }) => delivery),
  )
  report(
    'reply saved (POST sent → 201 received)',
    latencies.map(({ answer }) => answer),
  )
  for (const visitor of visitors) visitor.request?.destroy()
} catch (error) {
  console.error(`bench:chat failed: ${error.message}\nthe server's last output:\n${output.split('\n').slice(-15).join('\n')}`)
  process.exitCode = 1
} finally {
  await stopServer()
  if (mongoose.connection.readyState !== 1)
    await mongoose.connect(scratchUri.toString(), { serverSelectionTimeoutMS: 3000 }).catch(() => undefined)
  await mongoose.connection.db?.dropDatabase().catch(() => undefined)
  await mongoose.disconnect()
}
