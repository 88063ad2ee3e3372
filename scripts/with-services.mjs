// Runs a test command against fresh local services: a database (its data wiped first) and
// stripe-mock. MONGODB_URI (without a database name: every test file picks its own) and
// STRIPE_API_URL are passed to the command.
import path from 'node:path'
import { ensureChromium, projectRoot, runChild, startLocalDatabase, startStripeMock } from './lib/local-services.mjs'

const [command, ...args] = process.argv.slice(2)
ensureChromium()
const database = process.env.MONGODB_URI
  ? null
  : await startLocalDatabase({ dataDir: path.join(projectRoot, '.data', 'test-db'), fresh: true })
const stripeMock = process.env.STRIPE_API_URL ? null : await startStripeMock()
const env = {
  ...(database ? { MONGODB_URI: database.uri } : {}),
  ...(stripeMock ? { STRIPE_API_URL: stripeMock.url } : {}),
}
let code
try {
  code = await runChild(command, args, env)
} finally {
  await stripeMock?.stop()
  await database?.stop()
}
process.exit(code)
