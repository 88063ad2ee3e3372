// Local stand-ins for what production gets from its platform: a MongoDB-compatible database
// (FerretDB on SQLite, or a mongod found on PATH), stripe-mock, and Debian's Chromium.
// Everything is installed into the project-local, git-ignored .tools/ folder on first use.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const toolsBin = path.join(projectRoot, '.tools', 'bin')

const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB'
const FERRETDB_VERSION = 'v1.24.2'
const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock'
const STRIPE_MOCK_VERSION = 'v0.203.0'
// The full browser, for Lighthouse and the traced benchmarks, which must measure what a visitor's
// Chrome does; and the headless shell (Chromium's engine without the browser around it, what
// Playwright runs headless tests in), for the end-to-end tests, which it runs in half the time.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
// Every launch of either: no sandbox (root in a container), no GPU, and none of the browser's own
// traffic (updates, sync, QUIC probes) beside the site's. Playwright adds --headless itself.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

// On stderr, so a command's own output (`db:backup -- --out -`) stays clean.
function log(message) {
  console.error(`[local] ${message}`)
}

function onPath(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null
  } catch {
    return null
  }
}

/**
 * Finds `count` distinct free loopback ports. The listeners stay open until all are found, so the
 * operating system cannot hand the same port out twice (it reuses a just-closed port readily: a
 * server's V8 inspector on port 0 once took the port just picked for the server itself).
 */
export async function freePorts(count) {
  const servers = []
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer()
      server.unref()
      servers.push(server)
      await new Promise((resolve, reject) => {
        server.on('error', reject)
        server.listen(0, '127.0.0.1', resolve)
      })
    }
    return servers.map((server) => server.address().port)
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  }
}

export async function freePort() {
  const [port] = await freePorts(1)
  return port
}

export async function waitForPort(port, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before listening on ${port}`)
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`)
}

function requireGo() {
  if (!onPath('go')) {
    throw new Error('Go is needed to install the local database and stripe-mock (or set MONGODB_URI to a running MongoDB).')
  }
}

/**
 * Builds a Go command-line tool into .tools/bin. `go install module@version` is tried first; when the
 * module proxy refuses its version list (it does for FerretDB here), the exact version is downloaded
 * and built from a writable copy of its source instead.
 */
function installGoTool({ name, module, pkg, version, prepareSource }) {
  // The version is in the file name, so moving to a new version installs it beside the old one.
  const binary = path.join(toolsBin, `${name}-${version}`)
  if (existsSync(binary)) return binary
  requireGo()
  mkdirSync(toolsBin, { recursive: true })
  log(`installing ${name} ${version} (first run only; this takes a minute or two)`)
  const env = { ...process.env, GOFLAGS: '-buildvcs=false' }
  if (!prepareSource) {
    try {
      const gobin = path.join(projectRoot, '.tools', 'gobin')
      execFileSync('go', ['install', `${pkg}@${version}`], { env: { ...env, GOBIN: gobin }, stdio: 'inherit' })
      renameSync(path.join(gobin, name), binary)
      return binary
    } catch {
      log(`go install ${pkg}@${version} failed; building from the downloaded source instead`)
    }
  }
  const info = JSON.parse(execFileSync('go', ['mod', 'download', '-json', `${module}@${version}`], { env, encoding: 'utf8' }))
  const sourceDir = path.join(projectRoot, '.tools', 'src', `${name}-${version}`)
  rmSync(sourceDir, { recursive: true, force: true })
  cpSync(info.Dir, sourceDir, { recursive: true })
  execFileSync('chmod', ['-R', 'u+w', sourceDir])
  prepareSource?.(sourceDir)
  const relativePkg = '.' + pkg.slice(module.length)
  execFileSync('go', ['build', '-trimpath', '-o', binary, relativePkg || '.'], { env, cwd: sourceDir, stdio: 'inherit' })
  chmodSync(binary, 0o755)
  return binary
}

export function ensureFerretDB() {
  return installGoTool({
    name: 'ferretdb',
    module: FERRETDB_MODULE,
    pkg: `${FERRETDB_MODULE}/cmd/ferretdb`,
    version: FERRETDB_VERSION,
    // FerretDB embeds its version from a file that its release tooling writes; a module download lacks it.
    prepareSource: (dir) => writeFileSync(path.join(dir, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`),
  })
}

export function ensureStripeMock() {
  return installGoTool({ name: 'stripe-mock', module: STRIPE_MOCK_MODULE, pkg: STRIPE_MOCK_MODULE, version: STRIPE_MOCK_VERSION })
}

/** Debian's Chromium and its headless shell, installed with apt-get (as root) when either is missing. */
export function ensureChromium() {
  const missing = [
    [CHROMIUM_PATH, 'chromium', 'CHROMIUM_PATH'],
    [HEADLESS_SHELL_PATH, 'chromium-headless-shell', 'CHROMIUM_HEADLESS_SHELL_PATH'],
  ].filter(([binary]) => !existsSync(binary))
  if (missing.length === 0) return
  if (process.getuid?.() !== 0) {
    const [[binary, debianPackage, variable]] = missing
    throw new Error(
      `${binary} is missing: install Debian's ${debianPackage} package (apt-get install ${debianPackage}) or set ${variable}.`,
    )
  }
  const packages = missing.map(([, debianPackage]) => debianPackage)
  log(`installing Debian ${packages.join(' and ')} (first run only)`)
  execFileSync('apt-get', ['update'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

function stopper(child, name) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
      log(`stopping ${name}`)
    })
}

/** Starts a database for MONGODB_URI: a mongod on PATH if there is one, else FerretDB on SQLite. */
export async function startLocalDatabase({ dataDir, fresh = false, quiet = true, port: wantedPort = undefined }) {
  if (fresh) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const port = wantedPort ?? (await freePort())
  const mongod = onPath('mongod')
  const [command, args, name] = mongod
    ? [mongod, ['--dbpath', dataDir, '--bind_ip', '127.0.0.1', '--port', String(port), '--quiet'], 'mongod']
    : [
        ensureFerretDB(),
        [
          '--handler=sqlite',
          `--sqlite-url=file:${dataDir}/`,
          `--state-dir=${dataDir}`,
          '--telemetry=disable',
          '--debug-addr=-',
          `--listen-addr=127.0.0.1:${port}`,
          '--log-level=error',
        ],
        'ferretdb',
      ]
  const child = spawn(command, args, { stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] })
  await waitForPort(port, { child })
  log(`${name} listening on 127.0.0.1:${port} (data in ${path.relative(projectRoot, dataDir)})`)
  return { uri: `mongodb://127.0.0.1:${port}/`, port, stop: stopper(child, name) }
}

export async function startStripeMock() {
  const binary = ensureStripeMock()
  const [port, httpsPort] = await freePorts(2)
  const child = spawn(binary, ['-http-port', String(port), '-https-port', String(httpsPort)], { stdio: ['ignore', 'ignore', 'inherit'] })
  await waitForPort(port, { child })
  log(`stripe-mock listening on 127.0.0.1:${port}`)
  return { url: `http://127.0.0.1:${port}`, stop: stopper(child, 'stripe-mock') }
}

/** Runs a command with extra environment, forwarding Ctrl-C and SIGTERM, and resolves to its exit code. */
export function runChild(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}
