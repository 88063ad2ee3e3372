// Where a command's CPU time goes: runs it, samples its processes (and every process they start)
// five times a second, and prints the CPU time of each kind of process, with how busy the machine's
// cores were. Made to answer "what would make `npm test` faster on two cores": when the cores are
// busy throughout, only less work helps, and this says whose work it is.
//
//   node scripts/bench-test-cpu.mjs -- npm test
//   node scripts/bench-test-cpu.mjs -- node scripts/with-services.mjs npx playwright test
//
// A process that ends between two samples loses up to 200 ms, and one shorter than that is missed,
// so the kinds add up to a little less than the machine's busy time (read from /proc/stat, which
// also counts anything else running on the machine).
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { busyShareBetween, machineTicks, processCommandLine, processStat, processTree } from './lib/bench-support.mjs'

const separator = process.argv.indexOf('--')
const [command, ...args] = separator < 0 ? [] : process.argv.slice(separator + 1)
if (!command) {
  console.error('usage: node scripts/bench-test-cpu.mjs -- <command> [args…]')
  process.exit(2)
}

// The first matching rule names a process's kind.
const KINDS = [
  ['Chromium renderers', /chromium.*--type=renderer/],
  ['Chromium GPU process', /chromium.*--type=gpu-process/],
  ['Chromium, the rest', /chromium|--type=(utility|zygote)/],
  ['app servers (server.ts, cluster.ts)', /\b(server|cluster)\.ts\b/],
  ['Vitest', /vitest/],
  ['Playwright', /playwright/],
  ['FerretDB', /ferretdb/],
  ['stripe-mock', /stripe-mock/],
  ['TypeScript (tsc, typegen)', /\btsc\b|typegen/],
  ['ESLint', /eslint/],
  ['Prettier', /prettier/],
  ['production build', /react-router(\.js)? build|vite/],
]

function kindOf(commandLine) {
  return KINDS.find(([, pattern]) => pattern.test(commandLine))?.[0] ?? 'other (npm, node, go, apt)'
}

// One entry per process (id and start time: ids are reused within a long run): its kind and the
// last CPU time seen, its own, not its children's.
const seen = new Map()
function sample(rootPid) {
  for (const pid of processTree(rootPid)) {
    const stat = processStat(pid)
    if (!stat) continue
    const key = `${pid}@${stat.started}`
    const known = seen.get(key)
    if (!known) seen.set(key, { kind: kindOf(processCommandLine(pid)), ms: stat.cpuMs })
    else {
      // Between fork and exec a process still shows its parent's command line: look again while young.
      if (known.ms < 100) known.kind = kindOf(processCommandLine(pid))
      known.ms = stat.cpuMs
    }
  }
}

const before = machineTicks()
const started = Date.now()
const child = spawn(command, args, { stdio: 'inherit' })
const timer = setInterval(() => sample(child.pid), 200)
const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))))
clearInterval(timer)
const after = machineTicks()
const wallSeconds = (Date.now() - started) / 1000

const byKind = new Map()
for (const { kind, ms } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + ms / 1000)
const cores = availableParallelism()
const busyShare = busyShareBetween(before, after)
const sampled = [...byKind.values()].reduce((sum, seconds) => sum + seconds, 0)

console.log(`\n${[command, ...args].join(' ')}: exit code ${code}, ${wallSeconds.toFixed(0)} s`)
console.log(
  `machine: ${cores} cores ${(busyShare * 100).toFixed(0)} % busy, ${(busyShare * cores * wallSeconds).toFixed(0)} core-seconds of ${(cores * wallSeconds).toFixed(0)}`,
)
console.log(`sampled processes: ${sampled.toFixed(0)} core-seconds`)
for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1]))
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${((seconds / sampled) * 100).toFixed(0).padStart(3)} %  ${kind}`)
process.exitCode = code
