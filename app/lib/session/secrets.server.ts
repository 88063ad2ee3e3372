import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getEnv } from '#app/lib/config/env.server'
import { log } from '#app/lib/observability/logger.server'

// Generated once per process when the file can't be kept.
const kept: { secrets?: string[] } = {}

/**
 * Cookie signing secrets: SESSION_SECRET's comma-separated list (the first signs, all verify, so a
 * new secret can be rotated in), or the same list in the file SESSION_SECRET_FILE names (a Docker
 * secret). Without either (a local run) the first start generates one and keeps it in
 * SESSION_SECRET_FILE beside the local database, so sessions survive a restart; REQUIRE_SECRETS
 * (set in the Docker image) makes the variable mandatory instead, because every instance behind a
 * load balancer must sign with the same secret.
 */
export function sessionSecrets(): string[] {
  kept.secrets ??= getEnv().SESSION_SECRET ?? [localSecret(getEnv().SESSION_SECRET_FILE)]
  return kept.secrets
}

/** Where the secrets come from, for the start-up message. */
export function describeSessionSecrets() {
  const env = getEnv()
  const count = `${env.SESSION_SECRET?.length} secret${env.SESSION_SECRET?.length === 1 ? '' : 's'}`
  if (env.SESSION_SECRET && env.fromFiles.includes('SESSION_SECRET')) return `the file ${env.SESSION_SECRET_FILE} (${count})`
  if (env.SESSION_SECRET) return `SESSION_SECRET (${count})`
  sessionSecrets()
  return `a secret generated on first start and kept in ${env.SESSION_SECRET_FILE} (set SESSION_SECRET in production)`
}

function localSecret(file: string): string {
  try {
    return readKeptSecret(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return ephemeralSecret(file, error as Error)
  }
  const generated = randomBytes(48).toString('base64')
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    // 'wx': when two local instances start at once, the second reads the first one's secret.
    writeFileSync(file, `${generated}\n`, { flag: 'wx', mode: 0o600 })
    return generated
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return ephemeralSecret(file, error as Error)
    try {
      return readKeptSecret(file)
    } catch (raced) {
      return ephemeralSecret(file, raced as Error)
    }
  }
}

function readKeptSecret(file: string) {
  const kept = readFileSync(file, 'utf8').trim()
  if (kept.length < 32) throw new Error(`${file} holds fewer than 32 characters`)
  return kept
}

function ephemeralSecret(file: string, error: Error) {
  log.warn({ file, err: error }, 'could not keep a session secret: sessions end when this process stops')
  return randomBytes(48).toString('base64')
}
