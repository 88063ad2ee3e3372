// Runs a command with MONGODB_URI set. When it is unset (and no MONGODB_URI_FILE names it), a local
// database is started for the command's lifetime (data kept in .data/db) and stopped after it exits.
import path from 'node:path'
import { projectRoot, runChild, startLocalDatabase } from './lib/local-services.mjs'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/with-database.mjs <command> [args...]')
  process.exit(2)
}

let database = null
const env = {}
if (!process.env.MONGODB_URI && !process.env.MONGODB_URI_FILE) {
  database = await startLocalDatabase({ dataDir: path.join(projectRoot, '.data', 'db') })
  env.MONGODB_URI = `${database.uri}roswell-it`
}
// Signals go to the child (runChild forwards them); this process waits for it to finish first.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => {})
const code = await runChild(command, args, env)
await database?.stop()
process.exit(code)
