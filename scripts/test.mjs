// `npm test`: every check, fastest to fail first. Installs what it lacks on the way (FerretDB and
// stripe-mock through Go, Chromium through apt-get when run as root).
// `npm test -- <pattern>…`: only the integration and end-to-end files whose path matches, against a
// fresh production build. `npm run test:quick` (this script with --quick): typecheck, lint, unit.
//
// Each step's output is printed whole when it ends, so steps side by side don't interleave. The long
// suites stream their output as they go.
import { spawn } from 'node:child_process'

const args = process.argv.slice(2)
const quick = args[0] === '--quick'
const patterns = quick ? [] : args
const timings = []

function run(title, command, commandArgs, { stream = false } = {}) {
  const started = Date.now()
  if (stream) console.log(`\n=== ${title}\n`)
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(command, commandArgs, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env })
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      const seconds = (Date.now() - started) / 1000
      timings.push([title, seconds])
      if (!stream) console.log(`\n=== ${title} (${seconds.toFixed(0)} s)\n\n${output.trimEnd()}`)
      if (code === 0) resolve()
      else reject(new Error(`${title} failed (${signal ?? `exit code ${code}`})`))
    })
  })
}

/** Runs steps side by side; fails once all have ended if any failed, so every output is shown. */
async function together(...steps) {
  const results = await Promise.allSettled(steps)
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

const started = Date.now()
try {
  // The checks and the preparation for the suites run side by side: several processes on two cores
  // end sooner than steps one after another, since a core one of them leaves free takes up another's
  // work. The suites start once all of them passed.
  const checks = patterns.length
    ? []
    : [
        run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
        run('lint', 'npm', ['run', '--silent', 'lint:code']),
        run('format', 'npm', ['run', '--silent', 'lint:format']),
        run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']),
      ]
  const preparation = quick
    ? []
    : [run('local tools', 'node', ['scripts/install-local-tools.mjs']), run('production build', 'npm', ['run', '--silent', 'build'])]
  await together(...checks, ...preparation)
  if (!quick) {
    const vitestFilter = patterns.length ? ['--passWithNoTests', ...patterns] : []
    // --no-deps: a file that runs alone after the others doesn't bring the others along.
    const playwrightFilter = patterns.length ? ['--pass-with-no-tests', '--no-deps', ...patterns] : []
    await run(
      'integration tests',
      'node',
      ['scripts/with-services.mjs', 'npx', 'vitest', 'run', '--project', 'integration', ...vitestFilter],
      {
        stream: true,
      },
    )
    await run('end-to-end tests', 'node', ['scripts/with-services.mjs', 'npx', 'playwright', 'test', ...playwrightFilter], { stream: true })
  }
  console.log(`\nnpm test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)
} catch (error) {
  console.error(`\nnpm test failed: ${error.message.split('\n')[0]}`)
  process.exitCode = 1
} finally {
  console.log(timings.map(([title, seconds]) => `  ${title}: ${seconds.toFixed(0)} s`).join('\n'))
}
