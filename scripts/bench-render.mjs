// Paired benchmark of an uncached render of `/`: the code as it is and the code at an earlier commit, built side by side and
// run as one process each on the same machine, with batches of sequential renders alternated
// between them so that whatever else the machine does weighs on both alike. CPU figures taken on
// different days are not comparable; these are.
// Run through `npm run bench:render`, which provides MONGODB_URI (scripts/with-database.mjs).
//
//   npm run bench:render                      against d1f179c, the reference from before the render work
//   npm run bench:render -- <commit>          against another commit
//   npm run bench:render -- <commit> --no-build   reuses the existing build/ for the code as it is
//
// The earlier commit is checked out in a temporary git worktree that uses this checkout's
// node_modules, so it builds only while its dependencies are a subset of today's. Both servers use
// the database in MONGODB_URI (the local one `npm start` uses), and the earlier code's start-up
// does there what it did then (its indexes, a seed if the catalogue is empty, its admin account).
// For each way of asking (no compression, gzip, as a browser asks) it prints the server CPU time
// per render (median and range of the batches) for both, and the median (and range) of each round's
// ratio: a round runs one batch of each back to back, so its ratio is the least disturbed figure.
// A benchmark: it prints figures and fails only when something is broken.
//
// Env: BENCH_PORT (default 4420; the earlier code gets the next port), BENCH_BATCHES (10 per side
// and way of asking), BENCH_RENDERS (200 per batch), BENCH_CACHED (1: cache hits of `/` instead of uncached renders).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { BROWSER_ACCEPT_ENCODING, cpuMs, rawGet, settle, waitUntilAnswering } from './lib/bench-support.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..')
const baseline = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'd1f179c'
const port = Number(process.env.BENCH_PORT ?? 4420)
const batches = Number(process.env.BENCH_BATCHES ?? 10)
const rendersPerBatch = Number(process.env.BENCH_RENDERS ?? 200)
// BENCH_CACHED=1: plain requests for `/`, answered from the page cache, instead of uncached renders.
const cached = process.env.BENCH_CACHED === '1'

if (!process.env.MONGODB_URI) {
  console.error('MONGODB_URI is unset: run through `npm run bench:render`')
  process.exit(1)
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

// Code from before the server was one Vite bundle ran its separately bundled build/server.js.
const serverEntry = (cwd) => (existsSync(path.join(cwd, 'scripts/build-server.mjs')) ? 'build/server.js' : 'server.ts')

function startServer(cwd, serverPort) {
  const origin = `http://127.0.0.1:${serverPort}`
  const child = spawn(process.execPath, [serverEntry(cwd)], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      SITE_URL: origin,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { child, origin }
}

/** Server CPU per render over one batch of sequential uncached renders of `/`. */
async function batch(server, acceptEncoding, label) {
  const before = cpuMs(server.child.pid)
  for (let i = 0; i < rendersPerBatch; i++) {
    const { status } = await rawGet(cached ? `${server.origin}/` : `${server.origin}/?bench-render=${label}-${i}`, {
      'accept-encoding': acceptEncoding,
    })
    if (status !== 200) throw new Error(`a request for / answered ${status}`)
  }
  return (cpuMs(server.child.pid) - before) / rendersPerBatch
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) }
}
const figure = ({ median, min, max }) => `${median.toFixed(2)} ms (${min.toFixed(2)}–${max.toFixed(2)})`

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-render-'))
const worktree = path.join(scratch, 'code')
const servers = []
let exitCode = 0
try {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the code as it is...')
    run('npm', ['run', 'build'], projectRoot)
  }
  console.log(`Building ${baseline} in a temporary worktree...`)
  run('git', ['worktree', 'add', '--detach', '--force', worktree, baseline], projectRoot)
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(worktree, 'node_modules'))
  run('npm', ['run', 'build'], worktree)
  if (!existsSync(path.join(worktree, 'build/server'))) throw new Error(`${baseline} has no build/server to run`)

  const now = startServer(projectRoot, port)
  const then = startServer(worktree, port + 1)
  servers.push(now, then)
  await waitUntilAnswering(`${now.origin}/healthz`, now.child, 'the server as it is')
  await waitUntilAnswering(`${then.origin}/healthz`, then.child, `the server at ${baseline}`)

  console.log(
    `\nServer CPU per ${cached ? 'cache hit' : 'uncached render'} of / (one process each; ${batches} batches of ${rendersPerBatch} requests per side, alternated):`,
  )
  console.log(
    `  ${'asking for'.padEnd(28)} ${`at ${baseline}`.padEnd(24)} ${'now'.padEnd(24)} now / then, median of the rounds' ratios (range)`,
  )
  for (const [label, acceptEncoding] of [
    ['no compression (identity)', 'identity'],
    ['gzip', 'gzip'],
    ['as a browser asks', BROWSER_ACCEPT_ENCODING],
  ]) {
    // Warm-up: the first renders compile code paths.
    for (const server of servers) await batch(server, acceptEncoding, `warm-${acceptEncoding}`)
    await settle()
    const samples = new Map(servers.map((server) => [server, []]))
    const ratios = []
    for (let round = 0; round < batches; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse()
      for (const server of order) samples.get(server).push(await batch(server, acceptEncoding, `${acceptEncoding}-${round}`))
      // Each round's two batches ran back to back, under the same load: their ratio is the paired figure.
      ratios.push(samples.get(now).at(-1) / samples.get(then).at(-1))
    }
    const [ours, theirs, ratio] = [summary(samples.get(now)), summary(samples.get(then)), summary(ratios)]
    const percent = (value) => `${(value * 100).toFixed(0)} %`
    console.log(
      `  ${label.padEnd(28)} ${figure(theirs).padEnd(24)} ${figure(ours).padEnd(24)} ${percent(ratio.median)} (${percent(ratio.min)}–${percent(ratio.max)})`,
    )
  }
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  for (const { child } of servers) child.kill('SIGTERM')
  await Promise.all(servers.map(({ child }) => (child.exitCode !== null ? null : new Promise((resolve) => child.once('exit', resolve)))))
  spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: projectRoot, stdio: 'ignore' })
  rmSync(scratch, { recursive: true, force: true })
  spawnSync('git', ['worktree', 'prune'], { cwd: projectRoot, stdio: 'ignore' })
}
process.exit(exitCode)
