// HTTP benchmark: the production server side by side with nginx serving the very same
// bytes, in one run on one machine, so the ratio means something however busy the machine is.
// Run through `npm run bench:http`, which provides MONGODB_URI (scripts/with-database.mjs).
//
//   npm run bench:http                  builds, starts the production server and nginx, measures, stops both
//   npm run bench:http -- --no-build    reuses the existing build/
//
// For each target autocannon opens BENCH_CONNECTIONS (64) connections for BENCH_DURATION seconds
// (10) against our server, then against nginx, after a short warm-up of each; it prints requests/s,
// latency p50/p99, errors and the ratio to nginx, and the same for Node's own HTTP server answering
// those bytes with no work per request (scripts/lib/bare-node-server.mjs): about the most a Node
// server could do here, so the part of the gap to nginx that is ours shows apart from Node's. Then
// it renders `/` uncached (a query string the page does not know bypasses the page cache)
// BENCH_RENDERS times (200), one request at a time, asking for no compression (the render alone),
// for gzip, and as a browser asks (with br), and prints the server's CPU time per render (all its
// processes, read from /proc) and the wall time.
// This is a benchmark: it prints figures and fails only when something is broken.
//
// nginx is Debian's nginx-light; run as root, the script installs it when it is missing.
//
// Env: BENCH_PORT (default 4400; nginx gets the next port, the bare Node server the one after),
// BENCH_CONNECTIONS, BENCH_DURATION, BENCH_RENDERS, BENCH_SERVER_ENTRY (default cluster.ts, the
// production entry; server.ts measures one process without the cluster).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { BROWSER_ACCEPT_ENCODING, cpuMs, percentile, rawGet, settle, waitUntilAnswering } from './lib/bench-support.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.BENCH_PORT ?? 4400)
const nginxPort = port + 1
const origin = `http://127.0.0.1:${port}`
const nginxOrigin = `http://127.0.0.1:${nginxPort}`
const bareNodePort = port + 2
const bareNodeOrigin = `http://127.0.0.1:${bareNodePort}`
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64)
const duration = Number(process.env.BENCH_DURATION ?? 10)
const renders = Number(process.env.BENCH_RENDERS ?? 200)
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? 'cluster.ts'
const ARTICLE = '/news/ftc-safeguards-rule'

// What is measured; `file` is what nginx serves for it (the same bytes, fetched from our server).
const targets = [
  { label: '/', path: '/', file: 'home.html', type: 'text/html; charset=utf-8' },
  { label: ARTICLE, path: ARTICLE, file: 'article.html', type: 'text/html; charset=utf-8' },
  { label: '/api/plans', path: '/api/plans', file: 'plans.json', type: 'application/json; charset=utf-8' },
  { label: '/ (Accept-Encoding: br)', path: '/', file: 'home.html.br', type: 'text/html; charset=utf-8', encoding: 'br' },
]

/** Where nginx and the bare Node server answer a target: a compressed copy has a path of its own. */
function servedPath({ path: urlPath, encoding }) {
  return encoding ? `/encoded/${encoding}${urlPath}` : urlPath
}

if (!process.env.MONGODB_URI) {
  console.error('MONGODB_URI is unset: run this through `npm run bench:http`.')
  process.exit(2)
}

function ensureNginx() {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate))
  if (found) return found
  if (process.getuid?.() !== 0) {
    console.error('nginx is missing: install Debian nginx-light (apt-get install nginx-light), or run this as root to have it installed.')
    process.exit(2)
  }
  console.log('Installing Debian nginx-light (first run only)...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'], env })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], { stdio: ['ignore', 'ignore', 'inherit'], env })
  return '/usr/sbin/nginx'
}

const nginxBinary = ensureNginx()

if (!process.argv.includes('--no-build')) {
  console.log('Building the production bundle...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

function startServer() {
  const server = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SITE_URL: origin },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so stopping it reaches every worker.
    detached: true,
  })
  return server
}

function startNginx(root) {
  const locations = targets
    .map(
      ({ path: urlPath, file, type, encoding }) => `
    location = /${file} {
      default_type "${type}";
      ${encoding ? `add_header Content-Encoding ${encoding};` : ''}
    }
    location = ${servedPath({ path: urlPath, encoding })} {
      default_type "${type}";
      ${encoding ? `add_header Content-Encoding ${encoding};` : ''}
      try_files /${file} =404;
    }`,
    )
    .join('\n')
  const config = `
worker_processes auto;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${root}/temp;
  proxy_temp_path ${root}/temp;
  fastcgi_temp_path ${root}/temp;
  uwsgi_temp_path ${root}/temp;
  scgi_temp_path ${root}/temp;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root};
    ${locations}
  }
}
`
  writeFileSync(path.join(root, 'nginx.conf'), config)
  return spawn(nginxBinary, ['-c', path.join(root, 'nginx.conf'), '-p', root], { stdio: ['ignore', 'ignore', 'inherit'] })
}

/** Node's own HTTP server answering the same files from memory (scripts/lib/bare-node-server.mjs). */
function startBareNode(root) {
  const routes = targets.map((target) => ({ path: servedPath(target), file: target.file, type: target.type, encoding: target.encoding }))
  return spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'lib/bare-node-server.mjs'), String(bareNodePort), root, JSON.stringify(routes)],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
}

function load(url, { headers = {}, seconds = duration } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/** Renders `/` uncached one request at a time: wall time per render and the server's CPU time per render. */
async function uncachedRenders(pid, acceptEncoding) {
  const times = []
  const get = (i) => rawGet(`${origin}/?bench-uncached=${i}`, { 'accept-encoding': acceptEncoding })
  // Warm-up: the first renders compile code paths.
  for (let i = 0; i < 20; i++) await get(`warm${i}`)
  const cpuBefore = cpuMs(pid)
  for (let i = 0; i < renders; i++) {
    const started = performance.now()
    const { status } = await get(i)
    times.push(performance.now() - started)
    if (status !== 200) throw new Error(`uncached render of / answered ${status}`)
  }
  const cpuPerRender = (cpuMs(pid) - cpuBefore) / renders
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p90: percentile(times, 90), cpuPerRender }
}

const root = mkdtempSync(path.join(tmpdir(), 'bench-http-'))
// nginx's workers run as another user when the script runs as root.
chmodSync(root, 0o755)
const server = startServer()
let nginx
let bareNode
let exitCode = 0
try {
  await waitUntilAnswering(`${origin}/healthz`, server, serverEntry)
  // nginx serves exactly the bytes our server answers.
  for (const target of targets) {
    const { status, body } = await rawGet(`${origin}${target.path}`, { 'accept-encoding': target.encoding ?? 'identity' })
    if (status !== 200) throw new Error(`${target.path} answered ${status}`)
    writeFileSync(path.join(root, target.file), body)
  }
  nginx = startNginx(root)
  await waitUntilAnswering(`${nginxOrigin}/`, nginx, 'nginx')
  bareNode = startBareNode(root)
  await waitUntilAnswering(`${bareNodeOrigin}/`, bareNode, 'bare Node server')

  console.log(
    `\nautocannon, ${connections} connections, ${duration} s each; server: node ${serverEntry}; nginx: ${spawnSync(nginxBinary, ['-v'], { encoding: 'utf8' }).stderr.trim()}`,
  )
  console.log(`bare Node: node:http, one worker per core, the same bytes from memory (scripts/lib/bare-node-server.mjs)`)
  const header =
    '  target                      ours req/s   p50 ms   p99 ms  errors | nginx req/s   p50 ms   p99 ms | ours/nginx' +
    ' | bare Node req/s   p99 ms | ours/bare'
  console.log(header)
  for (const target of targets) {
    const headers = target.encoding ? { 'accept-encoding': target.encoding } : {}
    const nginxPath = servedPath(target)
    // Warm-up of both, then the measured runs one after the other.
    await settle()
    await load(`${origin}${target.path}`, { headers, seconds: 2 })
    const ours = await load(`${origin}${target.path}`, { headers })
    await load(`${nginxOrigin}${nginxPath}`, { seconds: 2 })
    const theirs = await load(`${nginxOrigin}${nginxPath}`)
    await load(`${bareNodeOrigin}${nginxPath}`, { seconds: 2 })
    const bare = await load(`${bareNodeOrigin}${nginxPath}`)
    const errors = ours.errors + ours.timeouts + ours.non2xx
    const row = [
      target.label.padEnd(27),
      ours.requests.average.toFixed(0).padStart(11),
      ours.latency.p50.toFixed(0).padStart(8),
      ours.latency.p99.toFixed(0).padStart(8),
      String(errors).padStart(7),
      '|',
      theirs.requests.average.toFixed(0).padStart(11),
      theirs.latency.p50.toFixed(0).padStart(8),
      theirs.latency.p99.toFixed(0).padStart(8),
      '|',
      `${((ours.requests.average / theirs.requests.average) * 100).toFixed(1).padStart(8)} %`,
      '|',
      bare.requests.average.toFixed(0).padStart(15),
      bare.latency.p99.toFixed(0).padStart(8),
      '|',
      `${((ours.requests.average / bare.requests.average) * 100).toFixed(1).padStart(7)} %`,
    ]
    console.log(`  ${row.join(' ')}`)
  }

  console.log(`\nUncached render of / (${renders} sequential requests with a query the page does not know):`)
  await settle()
  for (const [label, acceptEncoding] of [
    // The render alone, comparable with autocannon's figures (autocannon asks for no compression).
    ['without compression (Accept-Encoding: identity)', 'identity'],
    ['Accept-Encoding: gzip', 'gzip'],
    [`as a browser asks (${BROWSER_ACCEPT_ENCODING})`, BROWSER_ACCEPT_ENCODING],
  ]) {
    const render = await uncachedRenders(server.pid, acceptEncoding)
    console.log(
      `  ${label.padEnd(52)} server CPU ${render.cpuPerRender.toFixed(1).padStart(6)} ms per render;` +
        ` wall p50 ${render.p50.toFixed(1)} ms, p90 ${render.p90.toFixed(1)} ms`,
    )
  }
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  nginx?.kill('SIGQUIT')
  bareNode?.kill('SIGTERM')
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {
    // already gone
  }
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)))
  rmSync(root, { recursive: true, force: true })
}
process.exit(exitCode)
