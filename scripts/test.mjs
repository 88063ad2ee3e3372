// `npm test`: every check, in the order that fails fastest. Installs what it lacks on the way
// (FerretDB and stripe-mock through Go, Chromium through apt-get when run as root).
import { execFileSync } from 'node:child_process'
import { ensureChromium, ensureFerretDB, ensureStripeMock } from './lib/local-services.mjs'

function step(title, command, args) {
  console.log(`\n=== ${title}\n`)
  execFileSync(command, args, { stdio: 'inherit' })
}

try {
  step('typecheck', 'npm', ['run', '--silent', 'typecheck'])
  step('lint', 'npm', ['run', '--silent', 'lint'])
  step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit'])
  console.log('\n=== local tools\n')
  if (!process.env.MONGODB_URI) ensureFerretDB()
  ensureStripeMock()
  ensureChromium()
  step('production build', 'npm', ['run', '--silent', 'build'])
  step('integration and end-to-end tests', 'node', [
    'scripts/with-services.mjs',
    'sh',
    '-c',
    'npx vitest run --project integration && npx playwright test',
  ])
} catch (error) {
  console.error(`\nnpm test failed: ${error.message.split('\n')[0]}`)
  process.exit(1)
}
