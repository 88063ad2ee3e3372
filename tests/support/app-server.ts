import { type ChildProcess, spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

const projectRoot = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

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

export type AppServer = { url: string; pid: number; output: () => string; stop: () => Promise<void> }

/**
 * Starts the built production server (build/server.js) against a given database, the way it runs
 * in production, and waits until /healthz answers. `npm test` builds before integration tests.
 */
export async function startAppServer({
  mongodbUri,
  env = {},
  nodeArgs = [],
}: {
  mongodbUri: string
  env?: Record<string, string>
  /** Node flags before the script (diagnostics such as --trace-gc). */
  nodeArgs?: string[]
}): Promise<AppServer> {
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'build/server.js'], {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start within 30 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
