import { type ChildProcess, spawn } from 'node:child_process'
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

export type AppServer = {
  url: string
  pid: number
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string
  /** Sends SIGTERM and resolves with the exit code once the process has exited. */
  stop: () => Promise<number | null>
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
}

/**
 * Starts the built production server (build/server.js) against a given database, the way it runs
 * in production, and waits until /healthz answers. `npm test` builds before integration tests.
 */
export async function startAppServer({
  mongodbUri,
  env = {},
  nodeArgs = [],
  entry = 'build/server.js',
}: {
  mongodbUri: string
  env?: Record<string, string>
  /** Node flags before the script (diagnostics such as --trace-gc). */
  nodeArgs?: string[]
  /** One server process (default), or build/cluster.js for the production cluster. */
  entry?: string
}): Promise<AppServer> {
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongodbUri,
      SITE_URL: `http://127.0.0.1:${port}`,
      // Tests stop servers often; the drain before closing is tested on its own (foundation.test.ts).
      SHUTDOWN_DRAIN_MS: '0',
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
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
  return {
    url,
    exited,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}
