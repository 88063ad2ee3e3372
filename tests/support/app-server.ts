import { type ChildProcess, spawn } from 'node:child_process'
import { readdir, readFile, readlink } from 'node:fs/promises'
import path from 'node:path'
import { freePorts } from '../../scripts/lib/local-services.mjs'

const projectRoot = path.resolve(import.meta.dirname, '../..')

/** The staff owner account every test server is started with (ADMIN_USERNAME and ADMIN_PASSWORD). */
export const TEST_STAFF = { username: 'test-owner', password: 'a long test passphrase for the staff area' } as const

/** Signs the test servers' cookies, so a cookie made by one test server is valid on the next. */
export const TEST_SESSION_SECRET = 'test-session-secret-with-more-than-32-characters'

/** A process's resident memory in MB, from /proc (Linux), as the operating system counts it. */
export async function residentMemoryMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1])
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`)
  return kb / 1024
}

/** How many sockets a process holds open (its listening socket, clients', the database pool's), from /proc (Linux). */
export async function openSocketCount(pid: number): Promise<number> {
  const fds = await readdir(`/proc/${pid}/fd`)
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')))
  return targets.filter((target) => target.startsWith('socket:')).length
}

/**
 * How many answered requests the server's access log has not written yet, from its /metrics (which
 * is never logged itself): 0 once the background writer has caught up. The server must have been
 * started with METRICS_TOKEN set to `metricsToken`.
 */
export async function accessLogEntriesPending(serverUrl: string, metricsToken: string): Promise<number> {
  const text = await (await fetch(`${serverUrl}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text()
  return Number(/^access_log_entries_pending (\d+)$/m.exec(text)?.[1])
}

/**
 * Runs a full garbage collection in a server started with `inspect: true`, through the V8 inspector
 * (Chrome DevTools Protocol over its WebSocket). Under load V8 lets garbage pile up in a young
 * generation of tens of MB and collects the old one lazily, so right after a burst the resident size
 * mostly says how busy the server was; after a full collection it says what the server kept.
 */
async function collectGarbage(inspectorUrl: string): Promise<number> {
  const socket = new WebSocket(inspectorUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let nextId = 0
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const id = ++nextId
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, number> }
        if (message.id !== id) return
        socket.removeEventListener('message', onMessage)
        resolve(message.result ?? {})
      }
      socket.addEventListener('message', onMessage)
      socket.send(JSON.stringify({ id, method }))
    })
  await call('HeapProfiler.enable')
  await call('HeapProfiler.collectGarbage')
  await call('HeapProfiler.collectGarbage')
  // JavaScript objects, and the memory of Buffers and ArrayBuffers outside them.
  const { usedSize = Number.NaN, embedderHeapUsedSize = 0, backingStorageSize = 0 } = await call('Runtime.getHeapUsage')
  socket.close()
  await new Promise((resolve) => setTimeout(resolve, 500))
  return (usedSize + embedderHeapUsedSize + backingStorageSize) / (1024 * 1024)
}

export type AppServer = {
  url: string
  pid: number
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string
  /** Sends SIGTERM and resolves with the exit code once the process has exited. */
  stop: () => Promise<number | null>
  /** Resident memory in MB after a full garbage collection (servers started with `inspect: true`). */
  retainedMemoryMb: () => Promise<number>
  /**
   * After a full garbage collection, the JavaScript heap in use (with Buffers' memory) and the
   * resident memory, in MB. The heap stays within about a MB where resident memory moves by several
   * with the allocator: it shows what a few thousand requests left behind.
   */
  retainedMemory: () => Promise<{ heapMb: number; residentMb: number }>
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
}

/**
 * Starts the production server (server.ts, which loads the build) against a given database, the way it runs
 * in production, and waits until /healthz answers. `npm test` builds before integration tests.
 */
export async function startAppServer(options: ServerOptions): Promise<AppServer> {
  // Ports are picked free, then handed to the server: between the two, a server another test file
  // starts may take the same port. Ours then exits on EADDRINUSE and is started again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options)
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error
    }
  }
}

class PortTakenError extends Error {}

type ServerOptions = {
  mongodbUri: string
  env?: Record<string, string>
  /** Node flags before the script (diagnostics such as --trace-gc). */
  nodeArgs?: string[]
  /** Opens the V8 inspector on a random loopback port, for retainedMemoryMb(). */
  inspect?: boolean
  /** One server process (default), or cluster.ts for the production cluster. */
  entry?: string
}

async function startOnce({ mongodbUri, env = {}, nodeArgs = [], inspect = false, entry = 'server.ts' }: ServerOptions): Promise<AppServer> {
  // The inspector gets a port of its own: on port 0 the system may hand it the one just picked for
  // the server, which then cannot listen.
  const [port, inspectorPort] = await freePorts(2)
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...(inspect ? [`--inspect=127.0.0.1:${inspectorPort}`] : []), entry], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongodbUri,
      SITE_URL: `http://127.0.0.1:${port}`,
      ADMIN_USERNAME: TEST_STAFF.username,
      ADMIN_PASSWORD: TEST_STAFF.password,
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Tests stop servers often; the drain before closing is tested on its own (foundation.test.ts).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The server logs "Serving http://..." once it listens: /healthz is asked then, not on a timer
  // that adds up to its period to every start. The timer stays, slower, for servers that log less.
  let signals = 0
  // Only an answer after our own server said it listens is ours: another file's server may hold the
  // port. Servers told to log less never say it, and keep the old check.
  const quiet = ['warn', 'error', 'fatal', 'silent'].includes(env.LOG_LEVEL ?? '')
  let listening = false
  let wake: () => void = () => undefined
  const signal = () => {
    signals += 1
    wake()
  }
  const onOutput = (chunk: Buffer) => {
    output += chunk
    if (chunk.includes('Serving http')) {
      listening = true
      signal()
    }
  }
  child.stdout?.on('data', onOutput)
  child.stderr?.on('data', onOutput)
  child.once('exit', signal)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (true) {
    if (child.exitCode !== null) {
      if (output.includes('is already in use')) throw new PortTakenError(`port ${port} was taken`)
      throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    }
    const signalsBefore = signals
    try {
      if ((listening || quiet) && (await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start within 30 s:\n${output}`)
    }
    // Listening (or exited) while that request was on its way: ask again at once.
    if (signals !== signalsBefore) continue
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 500)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
  const retainedMemory = async () => {
    const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1]
    if (!inspectorUrl) throw new Error('start the server with inspect: true to measure its retained memory')
    const heapMb = await collectGarbage(inspectorUrl)
    return { heapMb, residentMb: await residentMemoryMb(child.pid!) }
  }
  return {
    url,
    exited,
    pid: child.pid!,
    output: () => output,
    retainedMemoryMb: async () => (await retainedMemory()).residentMb,
    retainedMemory,
    stop: () =>
      new Promise((resolve) => {
        // Already ended (a test may kill it outright): its 'exit' has been and gone.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}
